// Next's cache handler (next.config.ts `cacheHandler`): Next's own FileSystemCache, unchanged (entries in memory and in
// .next/cache), plus one hook through which the shop expires cache tags from outside a request: an invalidation
// announced by another app instance (lib/cache-bus), or one caused by a job in this process. Next's revalidateTag()
// works only inside a request, and the tags it marks live in a module of Next's that the app's bundles do not share,
// so the hook is published on globalThis under a registered symbol. Why not a shared Redis handler: README, "One cache
// for many instances".
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;

export const EXPIRE_TAGS_HOOK = Symbol.for("kwikmart.cache.expireTags");

/** Expires `tags` in this process at once, as revalidateTag(tag, { expire: 0 }) does at the end of a request. */
globalThis[EXPIRE_TAGS_HOOK] = (tags) => FileSystemCache.prototype.revalidateTag.call(null, tags, { expire: 0 });

export default class KwikmartCacheHandler extends FileSystemCache {}
