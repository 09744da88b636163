import type { Config } from "../../config.ts"
import { localStorage } from "./local.ts"
import { s3Storage } from "./s3.ts"
import type { Storage } from "./types.ts"

export type { PutSource, Storage, StoredBody, StoredObject } from "./types.ts"

type StorageConfig = Pick<Config, "uploadDir" | "s3">

const made = new WeakMap<StorageConfig, Storage>()

/**
 * The configured storage of kept upload files: the S3 bucket when S3_BUCKET is set, else UPLOAD_DIR.
 * One per configuration (one S3 client and its connections), so code holding only the configuration
 * (the seed, the order hooks that keep generated PDFs) reaches the same one as the routes' `deps.storage`.
 */
export function storageOf(config: StorageConfig): Storage {
  let storage = made.get(config)
  if (!storage) made.set(config, (storage = config.s3 ? s3Storage(config.s3) : localStorage(config.uploadDir)))
  return storage
}
