import { notFound } from "../../lib/http.ts"
import { matchesEtag } from "../../lib/public-cache.ts"
import { contentDisposition } from "../uploads.ts"
import { STORAGE_KEY, type Storage, type StoredBody } from "./types.ts"

/**
 * A private upload (`stored_path` below `private/`) as a download under `name`, or shown in place when
 * `inline` (staff viewing a customer's image or PDF); 404 when the path is anywhere else or the file is
 * gone. Either way the document gets no script and no origin (`sandbox`).
 */
export async function privateFileResponse(storage: Storage, storedPath: string, mime: string, name: string, inline = false): Promise<Response> {
  if (!storedPath.startsWith("private/") || !STORAGE_KEY.test(storedPath)) throw notFound()
  const found = await storage.get(storedPath)
  if (!found) throw notFound()
  return new Response(found.body, {
    headers: {
      "content-type": mime,
      "content-length": String(found.size),
      "content-disposition": inline ? contentDisposition(name).replace(/^attachment/, "inline") : contentDisposition(name),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-store",
    },
  })
}


/**
 * A public file of the CRM (`files/…`, `images/…`) read from the storage with `headers`: its names are
 * never reused, so it is cached for a year and its entity tag answers a revalidation with 304; HEAD
 * reads only what the storage knows of it. Null when the storage has no such object.
 */
export async function publicFileResponse(
  storage: Storage,
  request: Request,
  key: string,
  headers: Readonly<Record<string, string>>,
): Promise<Response | null> {
  if (!STORAGE_KEY.test(key)) return null
  const head = request.method === "HEAD" || !!request.headers.get("if-none-match")
  const found = head ? await storage.head(key) : await storage.get(key)
  if (!found) return null
  const common = { ...headers, etag: found.etag, "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" }
  if (matchesEtag(request.headers.get("if-none-match"), found.etag)) return new Response(null, { status: 304, headers: common })
  const all = { ...common, "content-length": String(found.size) }
  if (request.method === "HEAD") return new Response(null, { headers: all })
  // A revalidation that did not match: the bytes now.
  const read = "body" in found ? (found as StoredBody) : await storage.get(key)
  return read ? new Response(read.body, { headers: all }) : null
}
