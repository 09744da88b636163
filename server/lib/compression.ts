import { Readable } from "node:stream"
import type { ReadableStream as WebReadableStream } from "node:stream/web"
import { promisify } from "node:util"
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from "node:zlib"
import type { Context, MiddlewareHandler } from "hono"
import type { AppEnv } from "./env.ts"

/**
 * gzip and Brotli of answers (docs/production.md, "Caching and compression"), with node:zlib: only
 * for a client whose Accept-Encoding asks, only for compressible types, only over COMPRESS_MIN_BYTES.
 * Answers kept by the public-read cache and the static files keep their compressed bodies (made
 * once, at the best level, by `keptEncoding`); other answers are compressed as they go, at a fast level.
 */

export type Encoding = "br" | "gzip"

/** Smaller bodies are sent as they are: the framing would eat the gain. */
export const COMPRESS_MIN_BYTES = 1024
/** Bodies up to this size are compressed in one piece; larger or unknown ones as a stream. */
const BUFFER_MAX_BYTES = 1024 * 1024
/** Kept bodies up to this size get Brotli's best level (11, slow: done once); larger ones level 6. */
const BEST_LEVEL_MAX_BYTES = 256 * 1024
/** Brotli's level for answers compressed as they go (fast, still smaller than gzip's default). */
const ON_THE_FLY_BROTLI_LEVEL = 4

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|ecmascript|xml|manifest\+json|[a-z.+-]*\+(?:json|xml))|image\/svg\+xml)/i

/** Whether a Content-Type is worth compressing (text, JSON, JavaScript, XML, SVG). */
export const compressible = (contentType: string | null | undefined): boolean => !!contentType && COMPRESSIBLE.test(contentType)

/**
 * The encoding to answer with for an Accept-Encoding header: Brotli when asked, else gzip; `;q=0`
 * refuses one, `*` stands for both; null when the client asks for neither (or sends no header).
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null
  const q = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";")
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean)
    if (name) q.set(name.trim(), weight ? Number(weight[1]) : 1)
  }
  const accepts = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0
  if (accepts("br")) return "br"
  if (accepts("gzip") || (q.get("x-gzip") ?? 0) > 0) return "gzip"
  return null
}

/** A body compressed once to be kept (cached answers, static files): the best levels. */
export function keptEncoding(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION })
  const quality = bytes.byteLength <= BEST_LEVEL_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 6
  return brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } })
}

const onTheFly = (bytes: Uint8Array, encoding: Encoding): Promise<Buffer> =>
  encoding === "gzip" ? gzipAsync(bytes) : brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_LEVEL } })

const streamOf = (encoding: Encoding) =>
  encoding === "gzip" ? createGzip() : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_LEVEL } })

/** A Buffer as a Response's body (a Uint8Array, which @hono/node-server writes straight to the socket). */
export const asBody = (bytes: Buffer): Uint8Array<ArrayBuffer> => bytes as Uint8Array<ArrayBuffer>

/** Adds Accept-Encoding to an answer's Vary (once). */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get("vary")
  if (!vary) headers.set("vary", "Accept-Encoding")
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set("vary", `${vary}, Accept-Encoding`)
}

/**
 * Replaces the route's answer without hono's merge of the old one's headers into the new (which
 * would read the old body once more): the new answer carries them already.
 */
export function replaceResponse(c: Context, res: Response): void {
  c.res = undefined as unknown as Response
  c.res = res
}

/** Compresses the routes' answers for the clients that ask; `skip` leaves a request to someone else. */
export function compression(skip: (c: Context<AppEnv>) => boolean = () => false): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (c.req.method === "HEAD" || skip(c)) return
    const res = c.res
    // `res.body` is asked last, only when the answer is to be compressed: on @hono/node-server's answers
    // the getter turns a string body into a web stream (a copy of a whole page, then a slower write).
    if (res.status !== 200) return
    const headers = res.headers
    if (!compressible(headers.get("content-type"))) return
    const length = headers.get("content-length")
    if (length !== null && Number(length) < COMPRESS_MIN_BYTES) return
    const encoding = preferredEncoding(c.req.header("accept-encoding"))
    if (!encoding) {
      // Not asked for the body: a 200 with a compressible type has one (an empty one is below the length).
      varyOnEncoding(headers)
      return
    }
    if (!res.body) return
    varyOnEncoding(headers)
    if (headers.has("content-encoding") || /no-transform/i.test(headers.get("cache-control") ?? "")) return

    const out = new Headers(headers)
    out.delete("content-length")
    // A strong validator names one representation: the compressed one is another.
    const etag = out.get("etag")
    if (etag && !etag.startsWith("W/")) out.set("etag", `W/${etag}`)
    out.set("content-encoding", encoding)
    const inMemory = length !== null ? Number(length) <= BUFFER_MAX_BYTES : /^(application\/json|text\/html)/i.test(headers.get("content-type") ?? "")
    if (inMemory) {
      const bytes = new Uint8Array(await res.arrayBuffer())
      if (bytes.byteLength < COMPRESS_MIN_BYTES) {
        replaceResponse(c, new Response(bytes, { status: res.status, headers }))
        return
      }
      replaceResponse(c, new Response(asBody(await onTheFly(bytes, encoding)), { status: res.status, headers: out }))
      return
    }
    const stream = Readable.fromWeb(res.body as WebReadableStream).pipe(streamOf(encoding))
    replaceResponse(c, new Response(Readable.toWeb(stream) as ReadableStream, { status: res.status, headers: out }))
  }
}
