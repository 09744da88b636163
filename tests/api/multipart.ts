import { randomBytes } from "node:crypto"
import { expectNoLeak } from "./helpers.ts"

/** Small real files, by content: what file-type recognises. */
export const fixtures = {
  /** A 1×1 transparent PNG. */
  png: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"),
  /** The JFIF start of a JPEG (the signature is all a type check reads). */
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1"), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]),
  gif: Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from(",\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;", "latin1")]),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1"),
  txt: Buffer.from("Заявка на выпуск электронной подписи.\nОрганизация: ООО «Ромашка».\n", "utf8"),
}

export interface FilePart {
  readonly name: string
  readonly filename?: string
  readonly contentType?: string
  readonly data: Buffer | string
}

/** A multipart/form-data body written by hand, so tests control every byte (names in UTF-8, as browsers send them). */
export function multipart(parts: readonly FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----uc-test-${randomBytes(8).toString("hex")}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename.replace(/"/g, "%22")}"` : ""}`
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename !== undefined ? `Content-Type: ${p.contentType ?? "application/octet-stream"}\r\n` : ""}\r\n`
    chunks.push(Buffer.from(head, "utf8"), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, "utf8"), Buffer.from("\r\n"))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

export interface UploadAnswer<T = unknown> {
  readonly status: number
  readonly headers: Headers
  readonly body: T
}

/** POSTs a multipart body (a Buffer, or a stream sent chunk by chunk) and reads the JSON answer. */
export async function postMultipart<T = unknown>(
  url: string,
  token: string | undefined,
  body: Buffer | ReadableStream<Uint8Array>,
  contentType: string,
): Promise<UploadAnswer<T>> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
    ...(Buffer.isBuffer(body) ? {} : { duplex: "half" }),
  } as RequestInit)
  const text = await res.text()
  expectNoLeak(text)
  return { status: res.status, headers: res.headers, body: (text && (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text) as T }
}

export const upload = <T = unknown>(url: string, token: string | undefined, parts: readonly FilePart[]) => {
  const { body, contentType } = multipart(parts)
  return postMultipart<T>(url, token, body, contentType)
}

/**
 * A multipart body whose file part is `size` bytes generated on the fly (never held whole in this
 * process either): `head` first (e.g. a PNG signature), then filler, in 64 KiB chunks. With `endless`
 * the body never ends after the file's bytes: only a server reading as the bytes arrive can answer.
 */
export function streamedFile(
  field: string,
  filename: string,
  size: number,
  head: Buffer = Buffer.alloc(0),
  options: { endless?: boolean } = {},
): { body: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----uc-big-${randomBytes(8).toString("hex")}`
  const opening = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`)
  const filler = Buffer.alloc(64 * 1024, 0x61)
  let sent = 0
  let stage: "open" | "file" | "close" | "done" = "open"
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === "open") {
        controller.enqueue(opening)
        stage = "file"
      } else if (stage === "file") {
        if (sent < head.length) {
          const part = head.subarray(0, Math.min(head.length, size))
          controller.enqueue(part)
          sent += part.length
        } else {
          const n = Math.min(filler.length, size - sent)
          if (n > 0) controller.enqueue(filler.subarray(0, n))
          sent += n
        }
        if (sent >= size) stage = "close"
      } else if (options.endless) {
        return new Promise<void>(() => {})
      } else if (stage === "close") {
        controller.enqueue(closing)
        stage = "done"
      } else {
        controller.close()
      }
    },
  })
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/**
 * A body sent in 64 KiB pieces, as a browser's upload arrives: handed to fetch whole, a caller's copy of
 * 15 or 29 MB would hold its event loop (a server in the same process: the server's) for hundreds of ms.
 */
export function inPieces(body: Buffer): ReadableStream<Uint8Array> {
  let at = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close()
      controller.enqueue(body.subarray(at, (at += 64 * 1024)))
    },
  })
}
