import { randomBytes, randomUUID } from "node:crypto"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Db } from "../../server/db/index.ts"
import { firstEvent } from "../../server/services/order-status.ts"
import type { OrderStatus } from "../../schemas/entities/order.ts"
import { itemsOf } from "../../schemas/identity-check.ts"

/**
 * Orders inserted straight into the test server's database (docs/account.md): the account's and the
 * CRM's tests need orders in every status without going through the wizard.
 */
export interface OrderSeed {
  readonly status?: OrderStatus
  readonly title?: string
  readonly identification?: string | null
  readonly amount?: number
  readonly createdAt?: string
  readonly data?: Record<string, unknown>
  readonly tariffId?: number | null
  /** Default order_cert_individual_person; an order_option_* preset is an order of options only. */
  readonly preset?: string
  readonly applicantKind?: string
  readonly optionIds?: readonly number[]
  readonly officeId?: number | null
}

export async function insertOrder(db: Db, userId: number, seed: OrderSeed = {}): Promise<number> {
  const at = seed.createdAt ?? new Date().toISOString()
  const status = seed.status ?? "new"
  const row = await db.kysely
    .insertInto("orders")
    .values({
      public_id: randomUUID(),
      user_id: userId,
      legal_person_id: null,
      status,
      applicant_kind: seed.applicantKind ?? "individual_person",
      identification: seed.identification === undefined ? "office" : seed.identification,
      preset: seed.preset ?? "order_cert_individual_person",
      tariff_id: seed.tariffId ?? null,
      option_ids: JSON.stringify(seed.optionIds ?? []),
      amount: seed.amount ?? 4500,
      data: JSON.stringify(seed.data ?? { last_name: "Иванов", first_name: "Иван" }),
      title: seed.title ?? "Иванов Иван Иванович",
      office_id: seed.officeId ?? null,
      submitted_at: status === "draft" ? null : at,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  await db.kysely.insertInto("order_events").values(firstEvent(row.id, status, at)).execute()
  return row.id
}

/** A document of an order stored as an upload under DATA_DIR (as generated PDFs are). */
export async function insertDocument(db: Db, uploadDir: string, orderId: number, userId: number, title: string, content: string): Promise<number> {
  const id = randomBytes(16).toString("hex")
  mkdirSync(join(uploadDir, "private"), { recursive: true })
  writeFileSync(join(uploadDir, "private", id), content)
  const at = new Date().toISOString()
  await db.kysely.insertInto("uploads").values({ id, owner_kind: "user", owner_id: userId, original_name: `${title}.pdf`, stored_path: `private/${id}`, size: content.length, mime: "application/pdf", created_at: at }).execute()
  const doc = await db.kysely
    .insertInto("order_documents")
    .values({ order_id: orderId, kind: "claim", field: null, title, file: JSON.stringify({ name: `${title}.pdf`, url: `/api/v1/uploads/${id}/`, size: content.length, type: "application/pdf" }), created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  return doc.id
}

/** A pending invoice of `amount` for the order (what the customer asked to pay by bank transfer). */
export async function insertInvoice(db: Db, orderId: number, amount: number): Promise<void> {
  const at = new Date().toISOString()
  await db.kysely
    .insertInto("payments")
    .values({ public_id: randomUUID().replace(/-/g, ""), order_id: orderId, provider: "invoice", provider_payment_id: `2026-${orderId}`, idempotence_key: randomUUID(), amount, status: "pending", confirmation_url: null, paid_at: null, lines: null, created_at: at, updated_at: at })
    .execute()
}

/**
 * The identity check of an in-person order done, as an operator would have done it on the order's
 * page (every item confirmed, the identification recorded), so a test can go on to the issue.
 */
export async function identifyInPerson(db: Db, orderId: number): Promise<void> {
  const order = await db.kysely.selectFrom("orders").select(["applicant_kind"]).where("id", "=", orderId).executeTakeFirstOrThrow()
  const at = new Date().toISOString()
  const staff = { admin_user_id: null, admin_email: "operator@test.local" }
  for (const item of itemsOf(order.applicant_kind)) await db.kysely.insertInto("identity_check_items").values({ order_id: orderId, item, ...staff, confirmed_at: at }).execute()
  await db.kysely
    .insertInto("order_identifications")
    .values({ order_id: orderId, ...staff, office_id: null, office_name: "Офис на Тверской", office_address: "г. Москва, ул. Тверская, д. 1", identified_at: at })
    .execute()
}
