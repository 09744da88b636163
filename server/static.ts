import { readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { serveStatic } from "@hono/node-server/serve-static"
import type { Hono } from "hono"
import { getMimeType } from "hono/utils/mime"
import { asBody, COMPRESS_MIN_BYTES, compressible, type Encoding, keptEncoding, preferredEncoding } from "./lib/compression.ts"
import type { AppEnv, Deps } from "./lib/env.ts"
import { matchesEtag, PUBLIC_CACHE_CONTROL } from "./lib/public-cache.ts"

/** Hashed assets (the build names them by their content): a year, never revalidated. */
const IMMUTABLE = "public, max-age=31536000, immutable"
/** A path of a file the build may hold: no dot segments, no percent-escapes, no backslashes. */
const PLAIN_FILE = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+\.[a-z0-9]+$/i
/** Compressed bodies of the built files kept in memory, at most this many bytes (then forgotten). */
const KEPT_MAX_BYTES = 32 * 1024 * 1024

/**
 * Serves the built browser app's files: hashed assets with a year's cache, and the files of public/
 * at the root (favicon, robots.txt) revalidated by their ETag (size and time). Compressible files
 * over COMPRESS_MIN_BYTES go out in Brotli or gzip to the clients that ask, compressed once and kept.
 * The server bundle and the build's manifest are never served. Page paths fall through to
 * server/render.ts.
 */
export function staticRoutes(app: Hono<AppEnv>, { config }: Deps): void {
  const files = serveStatic({ root: config.distDir })
  const kept = new Map<string, Promise<Buffer>>()
  let keptBytes = 0
  const encoded = (file: string, etag: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${file}\n${etag}\n${encoding}`
    let body = kept.get(key)
    if (!body) {
      if (keptBytes > KEPT_MAX_BYTES) {
        kept.clear()
        keptBytes = 0
      }
      body = readFile(file).then((raw) => keptEncoding(raw, encoding))
      body.then((b) => (keptBytes += b.byteLength)).catch(() => kept.delete(key))
      kept.set(key, body)
    }
    return body
  }

  app.use("/*", async (c, next) => {
    const path = c.req.path
    // Only file paths (a dot in the last segment) are looked up on disk.
    if (!/\.[a-z0-9]+$/i.test(path) || /^\/(server|\.vite)\//.test(path)) return next()
    // Anything unusual is left to serveStatic's own checks (it answers or passes on).
    if (!PLAIN_FILE.test(path) || (c.req.method !== "GET" && c.req.method !== "HEAD")) return files(c, next)
    const file = join(config.distDir, path)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return next()
    const type = getMimeType(path) ?? "application/octet-stream"
    const headers: Record<string, string> = {
      etag: `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
      "cache-control": path.startsWith("/assets/") ? IMMUTABLE : PUBLIC_CACHE_CONTROL,
    }
    const encodable = compressible(type) && info.size >= COMPRESS_MIN_BYTES
    if (encodable) headers.vary = "Accept-Encoding"
    if (matchesEtag(c.req.header("if-none-match"), headers.etag!)) return c.body(null, 304, headers)
    const encoding = encodable && c.req.method === "GET" ? preferredEncoding(c.req.header("accept-encoding")) : null
    if (encoding) {
      const body = await encoded(file, headers.etag!, encoding)
      return c.body(asBody(body), 200, { ...headers, "content-type": type, "content-encoding": encoding, "content-length": String(body.byteLength) })
    }
    for (const name in headers) c.header(name, headers[name])
    return files(c, next)
  })
}
