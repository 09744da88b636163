import { createReadStream } from "node:fs"
import { copyFile, mkdir, rename, rm, stat, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { Readable } from "node:stream"
import { checkKey, type Storage, type StoredObject } from "./types.ts"

const objectOf = (s: { size: number; mtimeMs: number }): StoredObject => ({ size: s.size, etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"` })

/**
 * Kept files as files below `dir` (UPLOAD_DIR), readable by the server's user alone. A received file is
 * renamed into place (copied when its temporary folder is on another file system).
 */
export function localStorage(dir: string): Storage {
  const pathOf = (key: string) => join(dir, checkKey(key))
  const statOf = (key: string) =>
    stat(pathOf(key)).then(
      (s) => (s.isFile() ? s : null),
      () => null,
    )
  return {
    kind: "local",
    async put(key, source) {
      const target = pathOf(key)
      await mkdir(dirname(target), { recursive: true })
      if (source instanceof Uint8Array) return writeFile(target, source, { mode: 0o600 })
      try {
        await rename(source.path, target)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err
        await copyFile(source.path, target)
        await rm(source.path, { force: true })
      }
    },
    async get(key) {
      const s = await statOf(key)
      if (!s) return null
      return { ...objectOf(s), body: Readable.toWeb(createReadStream(pathOf(key))) as ReadableStream<Uint8Array> }
    },
    async head(key) {
      const s = await statOf(key)
      return s ? objectOf(s) : null
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
