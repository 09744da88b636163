import { afterPaymentMessages as m } from "../../schemas/messages/account.ts"
import { now } from "../db/index.ts"
import type { Db } from "../db/index.ts"
import { HttpError, notFound, unprocessable } from "../lib/http.ts"

/**
 * The scans a customer attaches to an order after the submit (docs/account.md, "After payment"):
 * files of /api/v1/uploads they own, recorded as the order's `order_documents` of kind 'upload' with
 * the field they stand for — the same rows the submit writes for the wizard's scans.
 */

/** Files (of kind 'upload') an order may hold, the wizard's and the account's together. */
export const ORDER_SCANS_MAX = 20

/** The scans every order asks for; the powers of attorney only where the order has one (scanFieldsOf). */
const BASE_FIELDS = ["passport_scan", "snils_scan", "application_scan"] as const
export const SCAN_FIELDS = [...BASE_FIELDS, "poa_scan", "representative_proxy"] as const
export type ScanField = (typeof SCAN_FIELDS)[number]
export const isScanField = (v: unknown): v is ScanField => typeof v === "string" && (SCAN_FIELDS as readonly string[]).includes(v)

/**
 * Before the submit the wizard owns the scans (its submit rewrites them); once issued or cancelled
 * nothing more is taken.
 */
export const scansOpen = (status: string) => !["draft", "issued", "completed", "cancelled"].includes(status)

/** The values of a stored order (`{ values, period }`, or the values at the top in older rows). */
export function valuesOf(data: string): Record<string, unknown> {
  let stored: unknown
  try {
    stored = JSON.parse(data)
  } catch {
    return {}
  }
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {}
  const values = (stored as { values?: unknown }).values
  return values && typeof values === "object" && !Array.isArray(values) ? (values as Record<string, unknown>) : (stored as Record<string, unknown>)
}

/** The fields this order asks for: the base three, the employee's power of attorney, the representative's. */
export function scanFieldsOf(values: Record<string, unknown>): ScanField[] {
  const fields: ScanField[] = [...BASE_FIELDS]
  if (values.holder_role === "certificate_holder") fields.push("poa_scan")
  if (values.has_representative === true || values.has_representative === "true") fields.push("representative_proxy")
  return fields
}

const UPLOAD_URL = /^\/api\/v1\/uploads\/([0-9a-f]{32})\/?$/

export interface ScanInput {
  readonly field: ScanField
  readonly uploadId: string
}

/** Reads `{ field, url }`; anything else is a 422 with the Russian field errors. */
export function readScanInput(body: Record<string, unknown>, fields: readonly ScanField[]): ScanInput {
  const errors: Record<string, string[]> = {}
  const field = body.field
  if (!isScanField(field) || !fields.includes(field)) errors.field = [m.errors.field]
  const uploadId = typeof body.url === "string" ? UPLOAD_URL.exec(body.url)?.[1] : undefined
  if (!uploadId) errors.url = [m.errors.file]
  if (Object.keys(errors).length > 0) throw unprocessable(errors)
  return { field: field as ScanField, uploadId: uploadId! }
}

/** The order's row, locked for the rest of the transaction on PostgreSQL; another customer's order is a 404. */
async function lockOwnOrder(trx: Db["kysely"], dialect: Db["dialect"], userId: number, orderId: number) {
  let q = trx.selectFrom("orders").select(["id", "status"]).where("id", "=", orderId).where("user_id", "=", userId)
  if (dialect === "postgres") q = q.forUpdate()
  const row = await q.executeTakeFirst()
  if (!row) throw notFound()
  if (!scansOpen(row.status)) throw new HttpError(409, { message: m.errors.closed })
  return row
}

/**
 * Attaches the customer's upload to their order as the scan `field`. The count of the order's files is
 * checked after the insert inside one transaction that holds the order's row (PostgreSQL: FOR UPDATE;
 * SQLite: the one writer), so racing requests never pass ORDER_SCANS_MAX together.
 */
export async function attachScan(db: Db, userId: number, orderId: number, input: ScanInput): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockOwnOrder(trx, db.dialect, userId, orderId)
    const upload = await trx
      .selectFrom("uploads")
      .select(["id", "original_name", "size", "mime"])
      .where("id", "=", input.uploadId)
      .where("owner_kind", "=", "user")
      .where("owner_id", "=", userId)
      .executeTakeFirst()
    // Someone else's file reads as an unknown one: its existence is not told.
    if (!upload) throw unprocessable({ url: [m.errors.file] })
    const url = `/api/v1/uploads/${upload.id}/`
    const same = await trx.selectFrom("order_documents").select("id").where("order_id", "=", orderId).where("kind", "=", "upload").where("file", "like", `%${upload.id}%`).executeTakeFirst()
    if (same) throw unprocessable({ url: [m.errors.duplicate] })
    const doc = await trx
      .insertInto("order_documents")
      .values({
        order_id: orderId,
        kind: "upload",
        field: input.field,
        title: m.scanLabels[input.field] ?? input.field,
        file: JSON.stringify({ name: upload.original_name, url, size: Number(upload.size), type: upload.mime }),
        created_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    const count = await trx.selectFrom("order_documents").select((eb) => eb.fn.countAll<number | string>().as("n")).where("order_id", "=", orderId).where("kind", "=", "upload").executeTakeFirstOrThrow()
    // Thrown inside the transaction: the insert is rolled back.
    if (Number(count.n) > ORDER_SCANS_MAX) throw unprocessable({ url: [m.errors.tooMany(ORDER_SCANS_MAX)] })
    return Number(doc.id)
  })
}

/** Removes one scan of the customer's order while scans are taken (404 for anything but the order's own upload row). */
export async function removeScan(db: Db, userId: number, orderId: number, docId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockOwnOrder(trx, db.dialect, userId, orderId)
    const done = await trx.deleteFrom("order_documents").where("id", "=", docId).where("order_id", "=", orderId).where("kind", "=", "upload").executeTakeFirst()
    if (Number(done.numDeletedRows) !== 1) throw notFound()
  })
}
