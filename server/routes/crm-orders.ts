import type { Hono } from "hono"
import { isOrderStatus } from "../../schemas/entities/order.ts"
import { messages } from "../../schemas/messages.ts"
import { presets } from "../../schemas/forms/index.ts"
import type { FormField } from "../../schemas/forms/types.ts"
import { orders } from "../../schemas/resources/orders/index.ts"
import { assertRole } from "../lib/admin-auth.ts"
import type { Row, ServerHooks } from "../lib/crud.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { idParam, notFound, unprocessable } from "../lib/http.ts"
import { moveOrder, OrderMoveError } from "../services/order-status.ts"
import { documentResponse, orderParts, tariffNames } from "./order-views.ts"
import { balanceOf } from "../services/payments/balance.ts"

/** A stored value as the staff read it: a list joined, a file by its name, yes/no for a flag. */
function shownValue(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—"
  if (typeof v === "boolean") return v ? "Да" : "Нет"
  if (typeof v === "string" || typeof v === "number") return String(v)
  if (Array.isArray(v)) return v.map(shownValue).join(", ")
  if (typeof v === "object") {
    const o = v as Record<string, unknown>
    if (typeof o.name === "string" && typeof o.url === "string") return o.name
    return Object.entries(o)
      .map(([key, value]) => `${key}: ${key === "code_word" ? "••••••" : shownValue(value)}`)
      .join("; ")
  }
  return String(v)
}

/** The order's values under the labels of its preset's fields (in the preset's order), then any others by name. */
export function labelledValues(presetId: string, json: string): Array<{ label: string; value: string }> {
  let data: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(json)
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) data = parsed as Record<string, unknown>
  } catch {
    data = {}
  }
  const fields: readonly FormField[] = presets[presetId]?.fields ?? []
  const known = new Set<string>()
  const out: Array<{ label: string; value: string }> = []
  for (const f of fields) {
    if (!(f.name in data)) continue
    known.add(f.name)
    // The code word (issue 11) is never shown back: staff ask it, they do not read it.
    out.push({ label: f.label ?? f.name, value: f.name === "code_word" ? "••••••" : shownValue(data[f.name]) })
  }
  for (const [name, value] of Object.entries(data)) if (!known.has(name)) out.push({ label: name, value: name === "code_word" ? "••••••" : shownValue(value) })
  return out
}

/**
 * 'Заказы' in the CRM (schemas/resources/orders/): the list's tariff and customer e-mail, the
 * order's page (its data by the preset's labels, documents, payments, history) and the staff's moves
 * of the status through moveOrder (history row, e-mail to the customer; crud.ts logs it in the audit log).
 */
export const orderHooks: ServerHooks = {
  serialize: async (db, rows: Row[]) => {
    const tariffs = await tariffNames(db, rows.map((r) => (r.tariff_id === null ? null : Number(r.tariff_id))))
    const userIds = [...new Set(rows.map((r) => Number(r.user_id)))]
    const users = userIds.length === 0 ? [] : await db.kysely.selectFrom("users").select(["id", "email"]).where("id", "in", userIds).execute()
    const emails = new Map(users.map((u) => [Number(u.id), u.email]))
    return rows.map((row) =>
      orders.serialize({ ...row, number: row.id, tariff_name: row.tariff_id === null ? null : (tariffs.get(Number(row.tariff_id)) ?? null), email: emails.get(Number(row.user_id)) ?? "" }),
    )
  },
  detail: async (db, row) => {
    const parts = await orderParts(db, row.id, (docId) => `${orders.apiPath}/${row.id}/documents/${docId}/`)
    return {
      data: labelledValues(String(row.preset), String(row.data)),
      documents: parts.documents.map(({ id, kind, title, created_at, url, name }) => ({ id, kind, title, created_at, url, name })),
      payments: parts.payments.map(({ provider, status, amount, created_at, paid_at }) => ({ provider, status, amount, created_at, paid_at })),
      // What staff check before marking an order paid: its price, what was paid and returned, what is due.
      balance: await balanceOf(db.kysely, row.id),
      events: parts.events.map(({ from_status, to_status, actor, admin_email, note, created_at }) => ({ from_status, to_status, actor, admin_email, note, created_at })),
    }
  },
  transition: async (deps, c, id, value, note) => {
    if (!isOrderStatus(value)) throw unprocessable({ status: [messages.validation.select] })
    try {
      await moveOrder(deps, id, value, { actor: "staff", adminUserId: c.get("admin").id, ...(note ? { note } : {}) })
    } catch (err) {
      if (err instanceof OrderMoveError) throw unprocessable({ status: [err.message] })
      throw err
    }
  },
}

/** A document of an order for staff (the roles of 'Заказы'); behind the CRM's administrator check. */
export function crmOrderDocumentRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.get(`${orders.apiPath}/:id/documents/:doc_id`, async (c) => {
    assertRole(c, orders.roles)
    const docId = c.req.param("doc_id")
    if (!/^[1-9]\d{0,9}$/.test(docId)) throw notFound()
    return documentResponse(deps, idParam(c), Number(docId))
  })
}
