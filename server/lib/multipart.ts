/**
 * A streaming reader of multipart/form-data (RFC 7578): parts come out as events while the body is
 * still arriving, so a 30 MB file goes to disk chunk by chunk and is never held in memory. (Request's
 * own formData() buffers the whole body; busboy is not a dependency.) Memory stays bounded by one
 * network chunk plus a boundary's length.
 */

export interface PartHeaders {
  /** The form field's name. */
  readonly name: string
  /** The file name the client sent, or null for a plain field. */
  readonly filename: string | null
  readonly contentType: string
}

export type MultipartEvent =
  | { readonly kind: "part"; readonly headers: PartHeaders }
  | { readonly kind: "data"; readonly chunk: Uint8Array }
  | { readonly kind: "end" }

/** The body is not well-formed multipart (the route answers 400). */
export class MultipartError extends Error {}

/** Largest header block of one part, and most parts in one body: anything more is not a form. */
const MAX_HEADER_BYTES = 8 * 1024
const MAX_PARTS = 20

/** The boundary of a `multipart/form-data` Content-Type, or null when the request is something else. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  return match ? (match[1] ?? match[2] ?? null) : null
}

/** Undoes the escaping browsers apply in quoted parameters: `%22` for a quote, `%0D%0A` for line breaks. */
const unescapeQuoted = (s: string) =>
  s.replace(/\\(.)/g, "$1").replace(/%(22|0D|0A)/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)))

function parseHeaders(block: string): PartHeaders {
  let disposition = ""
  let contentType = "application/octet-stream"
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":")
    if (colon <= 0) continue
    const key = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (key === "content-disposition") disposition = value
    else if (key === "content-type") contentType = value
  }
  if (!/^form-data\b/i.test(disposition)) throw new MultipartError("part without form-data disposition")
  const params = new Map<string, string>()
  for (const m of disposition.matchAll(/;\s*([a-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/gi)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? unescapeQuoted(m[2]) : m[3]!.trim())
  }
  const name = params.get("name")
  if (name === undefined) throw new MultipartError("part without a name")
  // RFC 5987 `filename*=UTF-8''…` wins over the plain `filename` when both are sent.
  const extended = /^utf-8''(.*)$/i.exec(params.get("filename*") ?? "")?.[1]
  let filename = params.get("filename") ?? null
  if (extended !== undefined) {
    try {
      filename = decodeURIComponent(extended)
    } catch {
      throw new MultipartError("bad filename*")
    }
  }
  return { name, filename, contentType }
}

/**
 * The events of a multipart body: `part` (its headers), then its bytes as `data`, then `end`, for each
 * part in order. The consumer must finish with one event before asking for the next (a for-await loop
 * does), which is the back-pressure: nothing more is read from the socket meanwhile.
 */
export async function* readMultipart(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<MultipartEvent> {
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  const headerEnd = Buffer.from("\r\n\r\n")
  const reader = body.getReader()
  // The first boundary has no line break before it: pretend one, so every delimiter looks alike.
  let buf: Buffer = Buffer.from("\r\n")
  let state: "preamble" | "delimiter" | "headers" | "body" = "preamble"
  let finished = false
  let parts = 0
  try {
    for (;;) {
      let progressed = true
      while (progressed && !finished) {
        progressed = false
        if (state === "preamble" || state === "body") {
          const at = buf.indexOf(delimiter)
          // Bytes that cannot be the start of a delimiter are safe to hand out now.
          const safe = at >= 0 ? at : Math.max(0, buf.length - delimiter.length + 1)
          if (state === "body" && safe > 0) yield { kind: "data", chunk: buf.subarray(0, safe) }
          if (at >= 0) {
            if (state === "body") yield { kind: "end" }
            buf = buf.subarray(at + delimiter.length)
            state = "delimiter"
            progressed = true
          } else {
            buf = buf.subarray(safe)
          }
        } else if (state === "delimiter") {
          if (buf.length < 2) break
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            finished = true
            break
          }
          const eol = buf.indexOf("\r\n")
          if (eol < 0) {
            if (buf.length > 64) throw new MultipartError("garbage after boundary")
            break
          }
          // RFC 2046 allows spaces or tabs after the boundary ("transport padding").
          if (!/^[ \t]*$/.test(buf.subarray(0, eol).toString("latin1"))) throw new MultipartError("garbage after boundary")
          buf = buf.subarray(eol + 2)
          state = "headers"
          progressed = true
        } else if (state === "headers") {
          const at = buf.subarray(0, 2).equals(Buffer.from("\r\n")) ? -2 : buf.indexOf(headerEnd)
          if (at === -1) {
            if (buf.length > MAX_HEADER_BYTES) throw new MultipartError("part headers too long")
            break
          }
          if (++parts > MAX_PARTS) throw new MultipartError("too many parts")
          const headers = parseHeaders(at === -2 ? "" : buf.subarray(0, at).toString("utf8"))
          buf = buf.subarray(at === -2 ? 2 : at + headerEnd.length)
          state = "body"
          progressed = true
          yield { kind: "part", headers }
        }
      }
      if (finished) return
      // A client that goes away mid-body is a body cut short, not a server error.
      const { done, value } = await reader.read().catch(() => {
        throw new MultipartError("body stream failed")
      })
      if (done) throw new MultipartError("body ended before the closing boundary")
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk])
    }
  } finally {
    // Unread rest (an epilogue, or a body we stopped reading): the HTTP server discards it after the answer.
    reader.releaseLock()
  }
}
