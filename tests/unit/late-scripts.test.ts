import { describe, expect, it } from "vitest";
import { loadScriptsAfterFirstPaint } from "@/lib/page-cache/late-scripts";
import { inlineScriptHashes } from "@/lib/page-cache/script-hashes";

// A cached page's script files load after its first paint (issue 19 #4): what the transform takes out of the HTML,
// what it leaves, and that the loader it writes is allowed by the page's own policy (its hash).

const page = [
  "<!DOCTYPE html><html><head>",
  '<link rel="preload" as="image" href="/media/a.webp" fetchPriority="high"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="n" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" nonce="n" href="/_next/static/chunks/main.js"/>',
  '<script src="/_next/static/chunks/one.js" async="" nonce="n"></script>',
  '<script src="/_next/static/chunks/turbopack-two.js" async="" nonce="n"></script>',
  '<script src="/_next/static/chunks/polyfill.js" noModule="" nonce="n"></script>',
  "</head><body><main>Milk</main>",
  '<script type="application/ld+json">{"@type":"Product"}</script>',
  '<script nonce="n">(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script src="/_next/static/chunks/main.js" nonce="n" async=""></script>',
  "</body></html>",
].join("");

describe("script files after the first paint", () => {
  const out = loadScriptsAfterFirstPaint(page);

  it("takes Next's async script tags and script preloads out of the HTML", () => {
    expect(out).not.toMatch(/<script[^>]*src="[^"]*(one|turbopack-two|main)\.js"/);
    expect(out).not.toContain('as="script"');
  });

  it("leaves the stylesheet, the image preload, the polyfill, the data and the inline scripts as they were", () => {
    for (const kept of [
      '<link rel="preload" as="image" href="/media/a.webp" fetchPriority="high"/>',
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="n" data-precedence="next"/>',
      '<script src="/_next/static/chunks/polyfill.js" noModule="" nonce="n"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script nonce="n">(self.__next_f=self.__next_f||[]).push([0])</script>',
      "<main>Milk</main>",
    ]) {
      expect(out).toContain(kept);
    }
  });

  it("loads every one of those files, once, from an inline loader in <head> that the page's policy allows", () => {
    const loader = /<script>(\(function\(\)\{var s=(\[[^\]]*\])[\s\S]*?)<\/script><\/head>/.exec(out);
    expect(loader).not.toBeNull();
    expect(JSON.parse(loader![2]!)).toEqual([
      "/_next/static/chunks/main.js",
      "/_next/static/chunks/one.js",
      "/_next/static/chunks/turbopack-two.js",
    ]);
    expect(loader![1]).toContain("requestAnimationFrame");
    expect(inlineScriptHashes(out)).toHaveLength(inlineScriptHashes(page).length + 1);
  });

  it("leaves a page without script files, or without a head, alone", () => {
    const plain = "<html><head><title>x</title></head><body>x</body></html>";
    expect(loadScriptsAfterFirstPaint(plain)).toBe(plain);
    const headless = '<script src="/_next/static/chunks/one.js" async=""></script>';
    expect(loadScriptsAfterFirstPaint(headless)).toBe(headless);
  });
});
