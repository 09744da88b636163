import type { Config } from "../../config.ts"
import type { Db } from "../../db/index.ts"
import { now } from "../../db/index.ts"
import { storageOf } from "../storage/index.ts"
import { newFileId } from "../uploads.ts"

/** A stored document as the API gives it (the shape of an upload's answer). */
export interface StoredFile {
  readonly name: string
  readonly url: string
  readonly size: number
  readonly type: string
}

/**
 * Keeps a generated PDF of an order (the invoice, the act) as uploads are kept: `private/<id>` in the
 * storage (UPLOAD_DIR or the S3 bucket), an `uploads` row owned by the order's customer (so GET /api/v1/uploads/{id}/ gives it to
 * them and to staff only), and the order's `order_documents` row the account lists.
 */
export async function keepOrderDocument(
  deps: { readonly db: Db; readonly config: Pick<Config, "uploadDir" | "s3"> },
  order: { readonly id: number; readonly user_id: number },
  doc: { readonly kind: "invoice" | "act" | "claim"; readonly title: string; readonly name: string; readonly bytes: Uint8Array },
): Promise<StoredFile> {
  const id = newFileId()
  const storedPath = `private/${id}`
  await storageOf(deps.config).put(storedPath, doc.bytes, { contentType: "application/pdf" })
  const file: StoredFile = { name: doc.name, url: `/api/v1/uploads/${id}/`, size: doc.bytes.length, type: "application/pdf" }
  const at = now()
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("uploads")
      .values({ id, owner_kind: "user", owner_id: order.user_id, original_name: doc.name, stored_path: storedPath, size: file.size, mime: file.type, created_at: at })
      .execute()
    await trx.insertInto("order_documents").values({ order_id: order.id, kind: doc.kind, field: null, title: doc.title, file: JSON.stringify(file), created_at: at }).execute()
  })
  return file
}
