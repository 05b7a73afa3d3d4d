// A cached page's script files are fetched after its first paint (issue 19 #4, LCP). Next writes them as async
// <script src> tags in <head> (and preload links), so on a slow phone ~150 kB of JavaScript shares the first
// second's bandwidth with the stylesheet and the largest image, and a cached page's paint waits for script tasks
// that run as the chunks arrive. Here the tags leave the HTML and a small inline loader (allowed by its hash, like
// every inline script of a cached page) adds the same files, async as before, once the first frame has been
// painted. Hydration starts a frame later on a fast machine; the page is visible sooner on a slow one.

// a script file of Next's own build, loaded async (the polyfill's `noModule` tag is left alone: modern browsers skip it)
const SCRIPT_TAG = /<script\b(?=[^>]*\ssrc="(\/_next\/static\/[^"<>]+?\.js)")(?=[^>]*\sasync(?:=""|[\s>]))[^>]*><\/script>/g;
const PRELOAD_TAG = /<link\b(?=[^>]*\srel="preload")(?=[^>]*\sas="script")(?=[^>]*\shref="(\/_next\/static\/[^"<>]+?\.js)")[^>]*>/g;

/**
 * The loader: adds the scripts after the first frame (a timeout after a frame callback), or after half a second
 * where no frame comes (a tab opened in the background paints nothing until shown).
 */
function loader(sources: readonly string[]): string {
  return (
    `<script>(function(){var s=${JSON.stringify(sources)},d=0;function go(){if(d)return;d=1;` +
    `s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=true;document.head.appendChild(e)})}` +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})()</script>`
  );
}

/** `html` with its script files loaded after the first paint; unchanged when it has none or no </head>. */
export function loadScriptsAfterFirstPaint(html: string): string {
  const head = html.indexOf("</head>");
  if (head < 0) return html;
  const sources = new Set<string>();
  const stripped = html
    .replace(PRELOAD_TAG, (_, src: string) => (sources.add(src), ""))
    .replace(SCRIPT_TAG, (_, src: string) => (sources.add(src), ""));
  if (!sources.size) return html;
  const at = stripped.indexOf("</head>");
  return `${stripped.slice(0, at)}${loader([...sources])}${stripped.slice(at)}`;
}
