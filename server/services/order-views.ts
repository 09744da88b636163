import { isEditable, isOrderStatus, isPayable, ORDER_STATUS_HINTS, ORDER_STATUS_LABELS, type OrderStatus } from "../../schemas/entities/order.ts"
import type { Deps } from "../lib/env.ts"
import { notFound } from "../lib/http.ts"
import { allowed } from "./order-status.ts"
import { refundedByPayment } from "./payments/balance.ts"
import { privateFileResponse } from "./storage/responses.ts"

/**
 * What the account and the CRM read of an order (docs/account.md): the list's row, the history, the
 * documents, the payments and the licences, and a document's file. The account checks the owner
 * before calling these; the CRM checks the staff member's role.
 */

export interface OrderRow {
  readonly id: number
  readonly status: string
  readonly title: string
  readonly amount: number
  readonly identification: string | null
  readonly applicant_kind: string
  readonly tariff_id: number | null
  readonly created_at: string
  readonly updated_at: string
  readonly submitted_at: string | null
}

export const ORDER_COLUMNS = ["id", "status", "title", "amount", "identification", "applicant_kind", "tariff_id", "created_at", "updated_at", "submitted_at"] as const

const statusOf = (s: string): OrderStatus => (isOrderStatus(s) ? s : "draft")

/** Tariff names by id, for a page of orders. */
export async function tariffNames(db: Deps["db"], ids: ReadonlyArray<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db.kysely.selectFrom("tariffs").select(["id", "name"]).where("id", "in", wanted).execute()
  return new Map(rows.map((r) => [Number(r.id), r.name]))
}

/** The account's JSON:API record of an order (`type: 'lead'`). */
export function leadOf(row: OrderRow, tariffs: ReadonlyMap<number, string>) {
  const status = statusOf(row.status)
  return {
    id: String(row.id),
    type: "lead" as const,
    attributes: {
      number: Number(row.id),
      status,
      status_label: ORDER_STATUS_LABELS[status],
      status_hint: ORDER_STATUS_HINTS[status],
      title: row.title,
      tariff_name: row.tariff_id === null ? null : (tariffs.get(Number(row.tariff_id)) ?? null),
      amount: Number(row.amount),
      identification: row.identification,
      applicant_kind: row.applicant_kind,
      created_at: row.created_at,
      updated_at: row.updated_at,
      submitted_at: row.submitted_at,
      editable: isEditable(status),
      payable: isPayable(status),
      // The customer's own cancel (moveOrder's rule for the actor 'customer').
      cancellable: allowed("customer", status, "cancelled"),
    },
  }
}

interface StoredFile {
  readonly name: string
  readonly url: string
}

export const fileOf = (json: string): StoredFile => {
  try {
    const v = JSON.parse(json) as Partial<StoredFile>
    return { name: typeof v.name === "string" ? v.name : "document", url: typeof v.url === "string" ? v.url : "" }
  } catch {
    return { name: "document", url: "" }
  }
}

/** The stored type of a document's file (`{ type }` of its JSON), else a download. */
export function mimeOf(json: string): string {
  try {
    const t = (JSON.parse(json) as { type?: unknown }).type
    return typeof t === "string" && /^[a-z]+\/[a-z0-9.+-]+$/.test(t) ? t : "application/octet-stream"
  } catch {
    return "application/octet-stream"
  }
}

/** Where the customer downloads an order's document (the account's document call, owner only). */
export const accountDocumentUrl = (orderId: number, docId: number) => `/api/v1/lk/leads/${orderId}/documents/${docId}/`

/**
 * An order's history (oldest first), documents, payments and licences. `documentUrl` names the
 * download call of a document for whoever reads it (the account's or the CRM's).
 */
export async function orderParts(db: Deps["db"], orderId: number, documentUrl: (docId: number) => string) {
  const k = db.kysely
  const [events, documents, payments, licences] = await Promise.all([
    k
      .selectFrom("order_events")
      .leftJoin("admin_users", "admin_users.id", "order_events.admin_user_id")
      .select(["order_events.from_status", "order_events.to_status", "order_events.actor", "order_events.note", "order_events.created_at", "admin_users.email as admin_email"])
      .where("order_events.order_id", "=", orderId)
      .orderBy("order_events.id", "asc")
      .execute(),
    k.selectFrom("order_documents").select(["id", "kind", "field", "title", "file", "created_at"]).where("order_id", "=", orderId).orderBy("id", "asc").execute(),
    k.selectFrom("payments").select(["id", "provider", "status", "amount", "created_at", "paid_at", "document_number", "document_date"]).where("order_id", "=", orderId).orderBy("id", "asc").execute(),
    k.selectFrom("licences").select(["id", "product", "serial", "confirmed_at", "created_at"]).where("order_id", "=", orderId).orderBy("id", "asc").execute(),
  ])
  const refunded = await refundedByPayment(db, orderId)
  return {
    events: events.map((e) => ({ ...e, to_label: isOrderStatus(e.to_status) ? ORDER_STATUS_LABELS[e.to_status] : e.to_status })),
    documents: documents.map((d) => ({ id: Number(d.id), kind: d.kind, field: d.field, title: d.title, created_at: d.created_at, name: fileOf(d.file).name, mime: mimeOf(d.file), url: documentUrl(Number(d.id)) })),
    // `refunded`: what of the payment goes back (an overpaid order's surplus; docs/payments.md).
    payments: payments.map(({ id, ...p }) => ({ ...p, amount: Number(p.amount), refunded: refunded.get(Number(id)) ?? 0 })),
    licences: licences.map((l) => ({ ...l, id: Number(l.id) })),
  }
}

/**
 * The stored file of an order's document as a download, or with `inline` shown in place (the caller
 * checks it is an image or a PDF); 404 when the order has no such document or the file is gone.
 */
export async function documentResponse(deps: Deps, orderId: number, docId: number, options: { readonly inline?: boolean } = {}): Promise<Response> {
  const doc = await deps.db.kysely.selectFrom("order_documents").select(["file"]).where("id", "=", docId).where("order_id", "=", orderId).executeTakeFirst()
  if (!doc) throw notFound()
  const file = fileOf(doc.file)
  // Generated PDFs and the customer's scans alike are stored as uploads (`/api/v1/uploads/{id}/`).
  const uploadId = /^\/api\/v1\/uploads\/([0-9a-f]{32})\/?$/.exec(file.url)?.[1]
  if (!uploadId) throw notFound()
  const upload = await deps.db.kysely.selectFrom("uploads").select(["stored_path", "mime"]).where("id", "=", uploadId).executeTakeFirst()
  if (!upload) throw notFound()
  return privateFileResponse(deps.storage, upload.stored_path, upload.mime, file.name, options.inline === true)
}
