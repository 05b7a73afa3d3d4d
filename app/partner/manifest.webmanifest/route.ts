// The partner app's web app manifest (issue 17): installable from /partner, opening standalone at /partner.
export function GET() {
  const manifest = {
    name: "Kwikmart Partner",
    short_name: "Kwik Partner",
    description: "Deliveries for Kwikmart partners: go online, pick up, deliver with the door code.",
    id: "/partner",
    start_url: "/partner?source=installed",
    scope: "/partner",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: "#0c831f",
    icons: [
      { src: "/partner/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any maskable" },
      { src: "/partner/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
