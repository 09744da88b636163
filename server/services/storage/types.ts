/**
 * Where kept upload files live (docs/production.md, "Scale"): the local directory UPLOAD_DIR (the
 * embedded default) or an S3-compatible bucket (S3_BUCKET). Keys are the relative paths the `uploads`
 * table and the CRM's records hold: `private/<32 hex>` (visitors' documents and generated PDFs, served to
 * their owner only), `files/<32 hex>.<ext>` (the CRM's public files), `images/<slug>-<16 hex>.<ext>`
 * (the editor's images). Files still arriving stay on the local disk until kept.
 */

/** What the storage knows of a kept object. */
export interface StoredObject {
  readonly size: number
  /** A quoted entity tag that changes when the bytes do (S3's own; size and mtime for a directory). */
  readonly etag: string
}

/** A kept object with its bytes, read as they are sent. */
export interface StoredBody extends StoredObject {
  readonly body: ReadableStream<Uint8Array>
}

/** The bytes to keep: in memory (generated PDFs, seeded files) or a received file on the local disk. */
export type PutSource = Uint8Array | { readonly path: string; readonly size: number }

export interface Storage {
  /** 'local' (UPLOAD_DIR) or 's3' (S3_BUCKET). */
  readonly kind: "local" | "s3"
  /** Keeps the bytes under `key` (a file source is moved: it is gone from its path afterwards). */
  put(key: string, source: PutSource, options: { readonly contentType: string }): Promise<void>
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<StoredBody | null>
  /** The object's size and tag, or null when there is none. */
  head(key: string): Promise<StoredObject | null>
  /** Removes the object; no error when there is none. */
  delete(key: string): Promise<void>
}

/** The keys a storage accepts: one of the three folders and one plain name (no `..`, no deeper path). */
export const STORAGE_KEY = /^(private|files|images)\/[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/

/** Refuses any key outside STORAGE_KEY (a programming error: keys are made by the server, never taken from a request). */
export function checkKey(key: string): string {
  if (!STORAGE_KEY.test(key) || key.length > 200) throw new Error(`bad storage key: ${JSON.stringify(key)}`)
  return key
}
