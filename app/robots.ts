import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/components/catalog/site-url";

// APP_URL is read when served, not frozen at build time.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/dashboard", "/api", "/checkout", "/cart"] },
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
