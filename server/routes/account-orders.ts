import type { Context, Hono } from "hono"
import { ORDERS_PER_PAGE_DEFAULT, ORDERS_PER_PAGE_MAX, PAGE_DEFAULT } from "../../schemas/constants.ts"
import { isEditable, isOrderStatus, ORDER_FILTERS, type OrderFilter } from "../../schemas/entities/order.ts"
import { messages } from "../../schemas/messages/common.ts"
import { accountMessages } from "../../schemas/messages/account.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { HttpError, idParam, notFound, unprocessable } from "../lib/http.ts"
import { pageIdsFromNearerEnd, totalPages } from "../lib/paging.ts"
import { requireUser } from "../lib/user-auth.ts"
import { moveOrder, OrderMoveError } from "../services/order-status.ts"
import { balanceOf } from "../services/payments/balance.ts"
import { accountDocumentUrl, documentResponse, leadOf, ORDER_COLUMNS, orderParts, type OrderRow, tariffNames } from "../services/order-views.ts"

/** `?page&per_page` (defaults 1 and 25, per_page at most 100); anything but digits is a 422. */
function readLeadPaging(c: Context): { page: number; per: number } {
  const read = (name: string, fallback: number) => {
    const raw = c.req.query(name)
    if (raw === undefined || raw === "") return fallback
    if (!/^[1-9]\d{0,6}$/.test(raw)) throw unprocessable({ [name]: [messages.validation.numeric] })
    return Number(raw)
  }
  return { page: read("page", PAGE_DEFAULT), per: Math.min(read("per_page", ORDERS_PER_PAGE_DEFAULT), ORDERS_PER_PAGE_MAX) }
}

const readFilter = (raw: string | undefined): OrderFilter => {
  const value = raw === undefined || raw === "" ? "all" : raw
  if (!(ORDER_FILTERS as readonly string[]).includes(value)) throw unprocessable({ status: [messages.validation.select] })
  return value as OrderFilter
}

/**
 * The customer's orders in the account (SPEC.md section 4; docs/account.md). Only the
 * signed-in customer's own orders (`orders.user_id`), a director's too: an order belongs to whoever
 * placed it. Another customer's order is a 404, as if it did not exist.
 *
 * - `GET /api/v1/lk/leads/{status}/?page&per_page` — newest first; status one of ORDER_FILTERS.
 * - `GET /api/v1/lk/remote_leads/?page&per_page` — the orders with remote identification.
 * - `GET /api/v1/lk/leads/item/{id}/`, `GET /api/v1/lk/remote_leads/{id}/` — one order with its history,
 *   documents, payments and licences.
 * - `GET /api/v1/lk/remote_leads/{id}/edit/` — what the edit form needs (preset and values) while editable.
 * - `GET /api/v1/lk/leads/{id}/documents/{doc_id}/` — a document's file.
 * - `POST /api/v1/uc/leads/{id}/cancel/` — the customer cancels an order not yet paid.
 */
export function accountOrderRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const guard = requireUser(deps)

  /** One page of the customer's orders: the count, the page's ids from the nearer end, then the rows. */
  const listOf = async (c: Context<AppEnv>, filter: OrderFilter, remoteOnly: boolean) => {
    const { page, per } = readLeadPaging(c)
    let base = k.selectFrom("orders").where("user_id", "=", c.get("user").id)
    if (filter !== "all") base = base.where("status", "=", filter)
    if (remoteOnly) base = base.where("identification", "=", "remote")
    const count = Number((await base.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow()).count)
    const ids = await pageIdsFromNearerEnd(page, per, count, async (reversed, limit, offset) => {
      const dir = reversed ? "asc" : "desc"
      const rows = await base.select("id").orderBy("created_at", dir).orderBy("id", dir).limit(limit).offset(offset).execute()
      return rows.map((r) => Number(r.id))
    })
    const rows = ids.length === 0 ? [] : ((await k.selectFrom("orders").select(ORDER_COLUMNS).where("id", "in", ids).execute()) as OrderRow[])
    const byId = new Map(rows.map((r) => [Number(r.id), r]))
    const ordered = ids.flatMap((id) => byId.get(id) ?? [])
    const tariffs = await tariffNames(deps.db, ordered.map((r) => r.tariff_id))
    return c.json({ data: ordered.map((r) => leadOf(r, tariffs)), meta: { total_pages: totalPages(count, per), total: count, page } })
  }

  /** The customer's own order (404 otherwise), optionally only a remote one. */
  const ownOrder = async (c: Context<AppEnv>, remoteOnly = false) => {
    let q = k.selectFrom("orders").select([...ORDER_COLUMNS, "preset", "data"]).where("id", "=", idParam(c)).where("user_id", "=", c.get("user").id)
    if (remoteOnly) q = q.where("identification", "=", "remote")
    const row = await q.executeTakeFirst()
    if (!row) throw notFound()
    return row as OrderRow & { preset: string; data: string }
  }

  const item = (remoteOnly: boolean) => async (c: Context<AppEnv>) => {
    const row = await ownOrder(c, remoteOnly)
    const tariffs = await tariffNames(deps.db, [row.tariff_id])
    const parts = await orderParts(deps.db, row.id, (docId) => accountDocumentUrl(row.id, docId))
    // The price, what was paid and refunded, and what is still due (docs/payments.md).
    const balance = await balanceOf(deps.db.kysely, row.id)
    return c.json({ data: leadOf(row, tariffs), ...parts, balance })
  }

  app.get("/api/v1/lk/leads", guard, (c) => listOf(c, "all", false))
  app.get("/api/v1/lk/leads/item/:id", guard, item(false))
  app.get("/api/v1/lk/leads/:status", guard, (c) => listOf(c, readFilter(c.req.param("status")), false))
  app.get("/api/v1/lk/leads/:id/documents/:doc_id", guard, async (c) => {
    const row = await ownOrder(c)
    const docId = Number(c.req.param("doc_id"))
    if (!/^[1-9]\d{0,9}$/.test(c.req.param("doc_id"))) throw notFound()
    return documentResponse(deps, row.id, docId)
  })

  app.get("/api/v1/lk/remote_leads", guard, (c) => listOf(c, readFilter(c.req.query("status")), true))
  app.get("/api/v1/lk/remote_leads/:id", guard, item(true))
  app.get("/api/v1/lk/remote_leads/:id/edit", guard, async (c) => {
    const row = await ownOrder(c, true)
    if (!isOrderStatus(row.status) || !isEditable(row.status)) throw new HttpError(409, { message: accountMessages.notEditable })
    let values: unknown
    try {
      values = JSON.parse(row.data)
    } catch {
      values = {}
    }
    return c.json({ data: { id: String(row.id), type: "lead_form", attributes: { preset: row.preset, values, edit_url: `/orders/${row.id}/edit` } } })
  })

  app.post("/api/v1/uc/leads/:id/cancel", guard, async (c) => {
    const row = await ownOrder(c)
    try {
      await moveOrder(deps, row.id, "cancelled", { actor: "customer" })
    } catch (err) {
      if (err instanceof OrderMoveError) throw unprocessable({ status: [err.message] })
      throw err
    }
    const fresh = await ownOrder(c)
    return c.json({ data: leadOf(fresh, await tariffNames(deps.db, [fresh.tariff_id])) })
  })
}
