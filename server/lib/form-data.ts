import { Readable } from "node:stream"
import type { ReadableStream as NodeReadableStream } from "node:stream/web"
import busboy from "busboy"

/**
 * multipart/form-data (RFC 7578) read by busboy, a kept streaming parser, as a sequence of events: parts
 * come out while the body is still arriving, so a 30 MB file goes to disk chunk by chunk and is never
 * held in memory. The consumer finishing one event before asking for the next (a for-await loop) is
 * the back-pressure: busboy's file stream fills, busboy stops taking bytes, the request is paused.
 */

export interface PartHeaders {
  /** The form field's name. */
  readonly name: string
  /** The file name the client sent ("" for a file part without one), or null for a plain field. */
  readonly filename: string | null
  readonly contentType: string
}

export type MultipartEvent =
  | { readonly kind: "part"; readonly headers: PartHeaders }
  | { readonly kind: "data"; readonly chunk: Uint8Array }
  | { readonly kind: "end" }

/** The body is not well-formed multipart (the route answers 400). */
export class MultipartError extends Error {}

/** Most parts in one body: anything more is not a form. (busboy caps a part's header block at 16 KB.) */
const MAX_PARTS = 20

export interface MultipartLimits {
  /**
   * A plain field's largest size in bytes: busboy keeps at most one byte more, so a longer value comes
   * out longer than this and the caller refuses it with its own message, never holding more in memory.
   */
  readonly fieldMaxBytes: number
}

/** The boundary of a `multipart/form-data` Content-Type, or null when the request is something else. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType)
  return match ? (match[1] ?? match[2] ?? null) : null
}

/** Browsers escape a quote as `%22` and line breaks as `%0D%0A` in a quoted file name; busboy keeps them. */
const unescapeBrowser = (s: string) => s.replace(/%(22|0D|0A)/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)))

type Item =
  | { readonly kind: "file"; readonly name: string | undefined; readonly filename: string; readonly mimeType: string; readonly stream: Readable }
  | { readonly kind: "field"; readonly name: string | undefined; readonly value: string; readonly mimeType: string }
  | { readonly kind: "fail" }
  | { readonly kind: "done" }

/**
 * The events of a multipart body: `part` (its headers), then its bytes as `data`, then `end`, for each
 * part in order. Parts without a form-data disposition are skipped (busboy's reading of RFC 7578); a part
 * without a name, more than MAX_PARTS parts, malformed headers or a body cut short are a MultipartError.
 */
export async function* readMultipart(body: ReadableStream<Uint8Array>, contentType: string, limits: MultipartLimits): AsyncGenerator<MultipartEvent> {
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { parts: MAX_PARTS, fieldSize: limits.fieldMaxBytes + 1 },
    })
  } catch {
    throw new MultipartError("not a multipart/form-data body")
  }
  const items: Item[] = []
  let wake: (() => void) | null = null
  const push = (item: Item) => {
    items.push(item)
    wake?.()
    wake = null
  }
  const next = async (): Promise<Item> => {
    while (items.length === 0) await new Promise<void>((resolve) => (wake = resolve))
    return items.shift()!
  }
  parser.on("file", (name, stream, info) => {
    // An abandoned file stream may still error (the body cut short): that is reported by `fail`.
    stream.on("error", () => {})
    push({ kind: "file", name, filename: unescapeBrowser(info.filename ?? ""), mimeType: info.mimeType, stream })
  })
  parser.on("field", (name, value, info) => push({ kind: "field", name, value, mimeType: info.mimeType }))
  parser.on("partsLimit", () => push({ kind: "fail" }))
  parser.on("error", () => push({ kind: "fail" }))
  parser.on("close", () => push({ kind: "done" }))
  // A client that goes away mid-body is a body cut short, not a server error.
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>)
  // The parser is stopped too: a file part being read must end (in error), not wait for bytes that never come.
  const cutShort = () => {
    push({ kind: "fail" })
    parser.destroy(new MultipartError("body stream failed"))
  }
  source.on("error", cutShort)
  source.on("close", () => {
    if (!source.readableEnded) cutShort()
  })
  source.pipe(parser)
  try {
    for (;;) {
      const item = await next()
      if (item.kind === "done") return
      if (item.kind === "fail" || item.name === undefined) throw new MultipartError("malformed multipart body")
      if (item.kind === "field") {
        yield { kind: "part", headers: { name: item.name, filename: null, contentType: item.mimeType } }
        if (item.value) yield { kind: "data", chunk: Buffer.from(item.value, "utf8") }
        yield { kind: "end" }
        continue
      }
      yield { kind: "part", headers: { name: item.name, filename: item.filename, contentType: item.mimeType } }
      try {
        for await (const chunk of item.stream) yield { kind: "data", chunk: chunk as Buffer }
      } catch {
        throw new MultipartError("body ended inside a file")
      }
      yield { kind: "end" }
    }
  } finally {
    // Unread rest (an epilogue, or a body we stopped reading): the HTTP server drains it after the answer.
    source.unpipe(parser)
    parser.destroy()
  }
}
