import { randomBytes } from "node:crypto"
import { mkdir, open, rm } from "node:fs/promises"
import { join } from "node:path"
import type { Context } from "hono"
import { fileTypeFromFile } from "file-type"
import { FILE_MAX_BYTES } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { extensionOf } from "../../schemas/rules/files.ts"
import { HttpError, unprocessable } from "../lib/http.ts"
import { boundaryOf, MultipartError, readMultipart } from "../lib/form-data.ts"
import type { Storage } from "./storage/index.ts"

/**
 * Received files: they arrive in `UPLOAD_DIR/tmp` on the local disk, and a kept one moves to the
 * storage (server/services/storage: UPLOAD_DIR or an S3 bucket) under its key: `private/<id>` for
 * visitors' documents (served only to their owner, storage/responses.ts), `images/<slug>-<random>.<ext>`
 * and `files/<random>.<ext>` for the CRM's public files (served to everyone).
 */

export interface ReceivedFile {
  /** The client's file name, made safe to show and to send back (see `safeFileName`). */
  readonly name: string
  /** Where the bytes are now (in `tmp/`); the caller keeps it with `keepFile` or it is lost. */
  readonly path: string
  readonly size: number
  /** Whether the bytes are UTF-8 text without NUL bytes (measured only when the name ends in .txt). */
  readonly utf8Text: boolean
}

export interface ReceivedForm {
  /** The file of the (first) file field. */
  readonly file: ReceivedFile | null
  /** Every file field's file, by field name (forms with two files: a signature and its document). */
  readonly files: Readonly<Record<string, ReceivedFile>>
  /** Plain fields, at most FIELD_MAX_BYTES each. */
  readonly fields: Readonly<Record<string, string>>
}

const FIELD_MAX_BYTES = 1000

/** What a file's content must be for each accepted extension: file-type's answer and the type we report. */
const CONTENT: Readonly<Record<string, { readonly sniffed: string | null; readonly mime: string }>> = {
  jpg: { sniffed: "jpg", mime: "image/jpeg" },
  jpeg: { sniffed: "jpg", mime: "image/jpeg" },
  gif: { sniffed: "gif", mime: "image/gif" },
  png: { sniffed: "png", mime: "image/png" },
  pdf: { sniffed: "pdf", mime: "application/pdf" },
  // Plain text has no signature: file-type finds nothing and the bytes must be UTF-8 without NUL.
  txt: { sniffed: null, mime: "text/plain; charset=utf-8" },
  // Word 97–2003 and Excel 97–2003 are both OLE compound files; file-type calls them "cfb".
  doc: { sniffed: "cfb", mime: "application/msword" },
  xls: { sniffed: "cfb", mime: "application/vnd.ms-excel" },
  docx: { sniffed: "docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  xlsx: { sniffed: "xlsx", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  zip: { sniffed: "zip", mime: "application/zip" },
  rar: { sniffed: "rar", mime: "application/vnd.rar" },
}

/** A random name: 32 hex digits. */
export const newFileId = () => randomBytes(16).toString("hex")

/**
 * The last path segment of a client's file name without control characters or direction overrides
 * (which could make `exe.txt` read `txt.exe`), at most 255 characters keeping the extension.
 */
export function safeFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = (raw.split(/[/\\]/).pop() ?? "").replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").replace(/\s+/g, " ").trim()
  const name = cleaned || "file"
  if (name.length <= 255) return name
  const ext = extensionOf(name)
  return ext && ext.length < 20 ? `${name.slice(0, 254 - ext.length)}.${ext}` : name.slice(0, 255)
}

/**
 * `Content-Disposition: attachment` for a name in any script (RFC 6266 with RFC 5987's `filename*`):
 * old clients read the ASCII fallback, every current browser the UTF-8 name.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_")
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

export const typeError = (field: string) => unprocessable({ [field]: [messages.validation.fileExtension] })

/** A smaller cap than FILE_MAX_BYTES for one form's files, and the Russian refusal that names it. */
export interface SizeCap {
  readonly maxBytes: number
  readonly message: string
}

/**
 * Reads a multipart request as it arrives: the first file of `fileField` (or of each of several file
 * fields) is written to `UPLOAD_DIR/tmp` chunk by chunk; past FILE_MAX_BYTES (or `cap`) the writing
 * stops, the partial files are deleted and the answer is 422 'Размер файла не должен превышать 30 Мб'
 * (or the cap's message). Other files are skipped unread.
 */
export async function receiveForm(c: Context, uploadDir: string, fileField: string | readonly string[], cap: SizeCap = { maxBytes: FILE_MAX_BYTES, message: messages.validation.fileSize }): Promise<ReceivedForm> {
  const fileFields: readonly string[] = typeof fileField === "string" ? [fileField] : fileField
  const contentType = c.req.header("content-type")
  const body = c.req.raw.body
  if (!contentType || !boundaryOf(contentType) || !body) throw new HttpError(400, { message: requestMessages.badMultipart })
  const tmpDir = join(uploadDir, "tmp")
  await mkdir(tmpDir, { recursive: true })
  const fields: Record<string, string> = {}
  const files: Record<string, ReceivedFile> = {}
  const tmpPaths: string[] = []
  let tmpPath: string | null = null
  let handle: Awaited<ReturnType<typeof open>> | null = null
  // The part being read: the file, a plain field (its bytes so far), or something skipped.
  let current: { kind: "file"; field: string; name: string; size: number; text: boolean; decoder: TextDecoder | null } | { kind: "field"; name: string; bytes: Buffer[]; size: number } | { kind: "skip" } = { kind: "skip" }
  try {
    for await (const event of readMultipart(body, contentType, { fieldMaxBytes: FIELD_MAX_BYTES })) {
      if (event.kind === "part") {
        const { name, filename } = event.headers
        if (filename !== null) {
          if (!fileFields.includes(name) || name in files || tmpPath) {
            current = { kind: "skip" }
            continue
          }
          tmpPath = join(tmpDir, `${newFileId()}.part`)
          tmpPaths.push(tmpPath)
          handle = await open(tmpPath, "wx", 0o600)
          const safe = safeFileName(filename)
          current = { kind: "file", field: name, name: safe, size: 0, text: true, decoder: extensionOf(safe) === "txt" ? new TextDecoder("utf-8", { fatal: true }) : null }
        } else {
          current = name in fields ? { kind: "skip" } : { kind: "field", name, bytes: [], size: 0 }
        }
      } else if (event.kind === "data") {
        const chunk = event.chunk
        if (current.kind === "file" && handle) {
          current.size += chunk.length
          if (current.size > cap.maxBytes) throw unprocessable({ [current.field]: [cap.message] })
          if (current.decoder && current.text) {
            try {
              current.decoder.decode(chunk, { stream: true })
              if (chunk.includes(0)) current.text = false
            } catch {
              current.text = false
            }
          }
          await handle.write(chunk)
        } else if (current.kind === "field") {
          current.size += chunk.length
          if (current.size > FIELD_MAX_BYTES) throw unprocessable({ [current.name]: [messages.validation.maxLength(FIELD_MAX_BYTES)] })
          current.bytes.push(Buffer.from(chunk))
        }
      } else {
        if (current.kind === "file" && handle && tmpPath) {
          await handle.close()
          handle = null
          let text = current.text && current.decoder !== null
          if (text) {
            try {
              current.decoder!.decode()
            } catch {
              text = false
            }
          }
          files[current.field] = { name: current.name, path: tmpPath, size: current.size, utf8Text: text }
          tmpPath = null
        } else if (current.kind === "field") {
          fields[current.name] = Buffer.concat(current.bytes).toString("utf8")
        }
        current = { kind: "skip" }
      }
    }
    return { file: files[fileFields[0]!] ?? null, files, fields }
  } catch (err) {
    await handle?.close().catch(() => {})
    for (const path of tmpPaths) await rm(path, { force: true })
    if (err instanceof MultipartError) throw new HttpError(400, { message: requestMessages.badMultipart })
    throw err
  }
}

/** The file's type as its content shows it, when it is one of `allowed` and agrees with its extension. */
export async function contentTypeOf(file: ReceivedFile, allowed: readonly string[]): Promise<{ ext: string; mime: string } | null> {
  const ext = extensionOf(file.name)
  const expected = CONTENT[ext]
  if (!allowed.includes(ext) || !expected || file.size === 0) return null
  const sniffed = (await fileTypeFromFile(file.path))?.ext ?? null
  if (sniffed !== expected.sniffed) return null
  if (expected.sniffed === null && !file.utf8Text) return null
  return { ext, mime: expected.mime }
}

/** An image's type by content alone (the editor pastes images whose names say nothing). */
export async function imageTypeOf(file: ReceivedFile, allowed: readonly string[]): Promise<"jpg" | "png" | null> {
  const sniffed = (await fileTypeFromFile(file.path))?.ext
  return (sniffed === "jpg" || sniffed === "png") && allowed.includes(sniffed) ? sniffed : null
}

/**
 * Keeps a received file in the storage under `key` (e.g. `private/<id>`; UPLOAD_DIR or the S3 bucket,
 * server/services/storage): the temporary file is moved there.
 */
export async function keepFile(storage: Storage, file: ReceivedFile, key: string, contentType: string): Promise<void> {
  await storage.put(key, { path: file.path, size: file.size }, { contentType })
}

/** Deletes a received file that was not kept (a refused upload); a kept one is already gone from its path. */
export const discardFile = (file: ReceivedFile | null) => (file ? rm(file.path, { force: true }) : Promise.resolve())
