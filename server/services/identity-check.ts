import type { Context } from "hono"
import { identityCheckMessages as m } from "../../schemas/messages/identity-check.ts"
import { checkOpen, type CheckItemState, type IdentityCheckState, type IdentityItem, itemLabel, itemsOf } from "../../schemas/identity-check.ts"
import { now, type Db } from "../db/index.ts"
import { recordAudit } from "../lib/audit.ts"
import type { AppEnv } from "../lib/env.ts"
import { HttpError, notFound, unprocessable } from "../lib/http.ts"
import { prechecksOf } from "./identity/prechecks.ts"
import { valuesOf } from "./order-scans.ts"
import type { SuggestService } from "./suggest.ts"

/**
 * The identity check of an order (63-ФЗ, ст. 18; docs/account.md, «Проверка личности»): the operator
 * confirms each document through the state systems, then records the in-person identification. The
 * certificate's issue may require `identityCheckComplete` before it goes ahead.
 */

/** What a state registry (СМЭВ) says of an order's document; the adapter plugs in here. */
export interface StateRegistryCheck {
  verify(item: IdentityItem, order: { readonly kind: string; readonly values: Readonly<Record<string, unknown>> }): Promise<{ readonly available: boolean; readonly text: string }>
}

/** СМЭВ cannot be reached from this installation: every item is confirmed by the operator by hand, never assumed. */
export const unreachableStateRegistry: StateRegistryCheck = {
  verify: async () => ({ available: false, text: m.registryUnavailable }),
}

type Kysely = Db["kysely"]

/** Every item of the order's kind confirmed, and the identification recorded. */
export const isCheckComplete = (kind: string, confirmed: ReadonlySet<string>, identified: boolean): boolean =>
  identified && itemsOf(kind).every((item) => confirmed.has(item))

/** Whether the order's identity check is done (each item confirmed, the person identified), for the certificate's issue to require. */
export async function identityCheckComplete(db: Db, orderId: number): Promise<boolean> {
  const order = await db.kysely.selectFrom("orders").select(["applicant_kind"]).where("id", "=", orderId).executeTakeFirst()
  if (!order) return false
  const [items, identification] = await Promise.all([
    db.kysely.selectFrom("identity_check_items").select("item").where("order_id", "=", orderId).execute(),
    db.kysely.selectFrom("order_identifications").select("id").where("order_id", "=", orderId).executeTakeFirst(),
  ])
  return isCheckComplete(order.applicant_kind, new Set(items.map((i) => i.item)), identification !== undefined)
}

/** The offices to pick from: the published ones, and the order's own even if unpublished since. */
async function officesFor(k: Kysely, own: number | null) {
  const rows = await k
    .selectFrom("offices")
    .select(["id", "name", "address", "published"])
    .where((eb) => (own === null ? eb("published", "=", 1) : eb.or([eb("published", "=", 1), eb("id", "=", own)])))
    .orderBy("position")
    .orderBy("name")
    .execute()
  return rows.map((r) => ({ id: Number(r.id), name: r.name, address: r.address }))
}

/** The check as the CRM's panel reads it: items with their pre-checks and confirmations, the identification, the offices. */
export async function readIdentityCheck(db: Db, suggest: SuggestService, registry: StateRegistryCheck, orderId: number): Promise<IdentityCheckState> {
  const k = db.kysely
  const order = await k.selectFrom("orders").select(["id", "status", "applicant_kind", "data", "office_id"]).where("id", "=", orderId).executeTakeFirst()
  if (!order) throw notFound()
  const values = valuesOf(order.data)
  const kind = order.applicant_kind
  const [confirmed, identification, prechecks, offices] = await Promise.all([
    k.selectFrom("identity_check_items").select(["item", "admin_email", "confirmed_at"]).where("order_id", "=", orderId).execute(),
    k.selectFrom("order_identifications").select(["admin_email", "office_id", "office_name", "office_address", "identified_at"]).where("order_id", "=", orderId).executeTakeFirst(),
    prechecksOf(kind, values, suggest),
    officesFor(k, order.office_id === null ? null : Number(order.office_id)),
  ])
  const byItem = new Map(confirmed.map((c) => [c.item, { admin_email: c.admin_email, confirmed_at: c.confirmed_at }]))
  const items: CheckItemState[] = await Promise.all(
    itemsOf(kind).map(async (item) => ({
      item,
      label: itemLabel(item, kind),
      registry: await registry.verify(item, { kind, values }),
      prechecks: prechecks[item],
      confirmed: byItem.get(item) ?? null,
    })),
  )
  return {
    open: checkOpen(order.status) && !identification,
    items,
    complete: isCheckComplete(kind, new Set(byItem.keys()), identification !== undefined),
    identification: identification ? { ...identification, office_id: identification.office_id === null ? null : Number(identification.office_id) } : null,
    default_office_id: order.office_id === null ? null : Number(order.office_id),
    offices,
  }
}

/**
 * The order's row for a change of its check, locked for the transaction on PostgreSQL (SQLite: the one
 * writer): 404 unknown, 409 outside the check's statuses or once identified.
 */
async function lockOpenOrder(trx: Kysely, dialect: Db["dialect"], orderId: number) {
  let q = trx.selectFrom("orders").select(["id", "status", "applicant_kind", "office_id"]).where("id", "=", orderId)
  if (dialect === "postgres") q = q.forUpdate()
  const order = await q.executeTakeFirst()
  if (!order) throw notFound()
  if (!checkOpen(order.status)) throw new HttpError(409, { message: m.errors.closed })
  const identified = await trx.selectFrom("order_identifications").select("id").where("order_id", "=", orderId).executeTakeFirst()
  if (identified) throw new HttpError(409, { message: m.errors.identified })
  return order
}

/** Reads `{ confirmed: true | false }` (422 with the Russian field error otherwise). */
export function readConfirmed(body: Record<string, unknown>): boolean {
  if (typeof body.confirmed !== "boolean") throw unprocessable({ confirmed: [m.errors.confirmed] })
  return body.confirmed
}

/** Reads `{ office_id }`: a positive whole number (422 otherwise; the office's existence is checked in the write). */
export function readOfficeId(body: Record<string, unknown>): number {
  const raw = body.office_id
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(id) || id < 1) throw unprocessable({ office_id: [m.errors.office] })
  return id
}

/** Confirms an item by the signed-in staff member (kept as first confirmed) or withdraws it; audited. */
export async function confirmItem(db: Db, c: Context<AppEnv>, orderId: number, item: string, confirmed: boolean): Promise<void> {
  const admin = c.get("admin")
  await db.kysely.transaction().execute(async (trx) => {
    const order = await lockOpenOrder(trx, db.dialect, orderId)
    const own = itemsOf(order.applicant_kind).find((i) => i === item)
    if (!own) throw unprocessable({ item: [m.errors.item] })
    const before = await trx.selectFrom("identity_check_items").select(["id"]).where("order_id", "=", orderId).where("item", "=", own).executeTakeFirst()
    if (confirmed === (before !== undefined)) return
    if (confirmed) await trx.insertInto("identity_check_items").values({ order_id: orderId, item: own, admin_user_id: admin.id, admin_email: admin.email, confirmed_at: now() }).execute()
    else await trx.deleteFrom("identity_check_items").where("id", "=", before!.id).execute()
    const label = itemLabel(own, order.applicant_kind)
    await recordAudit(trx, c, [{ resource: "orders", recordId: orderId, action: "update", before: { identity_check: `${label}: ${confirmed ? m.notConfirmed : m.confirm}` }, after: { identity_check: `${label}: ${confirmed ? m.confirm : m.notConfirmed}` } }])
  })
}

/** Records the in-person identification by the signed-in staff member at `officeId`, now; 422 before every item is confirmed. */
export async function recordIdentification(db: Db, c: Context<AppEnv>, orderId: number, officeId: number): Promise<void> {
  const admin = c.get("admin")
  await db.kysely.transaction().execute(async (trx) => {
    const order = await lockOpenOrder(trx, db.dialect, orderId)
    const office = await trx.selectFrom("offices").select(["id", "name", "address"]).where("id", "=", officeId).executeTakeFirst()
    if (!office) throw unprocessable({ office_id: [m.errors.office] })
    const confirmed = await trx.selectFrom("identity_check_items").select("item").where("order_id", "=", orderId).execute()
    const done = new Set(confirmed.map((r) => r.item))
    if (!itemsOf(order.applicant_kind).every((i) => done.has(i))) throw unprocessable({ items: [m.errors.notComplete] })
    const row = { order_id: orderId, admin_user_id: admin.id, admin_email: admin.email, office_id: Number(office.id), office_name: office.name, office_address: office.address, identified_at: now() }
    await trx.insertInto("order_identifications").values(row).execute()
    await recordAudit(trx, c, [{ resource: "orders", recordId: orderId, action: "update", before: { identification: null }, after: { identification: `${office.name}, ${office.address}` } }])
  })
}
