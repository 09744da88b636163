import { readFile } from "node:fs/promises"

/**
 * Bytes a task reads: given as they are (a small signature, a challenge's text), or the path of an
 * upload on disk, which the thread reads itself so a large file never passes through the main thread.
 */
export type FileSource = Uint8Array | { readonly path: string }
/** Also text (PEM or Base64 pasted into a form). */
export type Source = FileSource | string

export async function fileBytes(source: FileSource): Promise<Uint8Array> {
  if (source instanceof Uint8Array) return source
  const bytes = await readFile(source.path)
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
}

export const bytesOf = (source: Source): Promise<Uint8Array | string> => (typeof source === "string" ? Promise.resolve(source) : fileBytes(source))
