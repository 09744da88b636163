import type { Hono } from "hono"
import { isOrderStatus, rankOf } from "../../schemas/entities/order.ts"
import { claimMessages } from "../../schemas/messages/services.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { idParam, notFound, unprocessable } from "../lib/http.ts"
import { requireUser } from "../lib/user-auth.ts"
import { renderPdf } from "../services/heavy-work.ts"
import { keepOrderDocument } from "../services/payments/documents.ts"
import { completeRequisites } from "../services/requisites.ts"
import { accountDocumentUrl, fileOf } from "../services/order-views.ts"

const m = claimMessages

interface ClaimRow {
  readonly id: number
  readonly order_id: number
  readonly title: string
  readonly file: string
  readonly created_at: string
}

/** A claim for its owner: the download goes through the account's document call (owner only). */
const serializeClaim = (r: ClaimRow) => ({
  id: String(r.id),
  type: "claim" as const,
  attributes: {
    title: r.title,
    name: fileOf(r.file).name,
    created_at: r.created_at,
    url: accountDocumentUrl(r.order_id, r.id),
  },
})

/** An order may have its application once paid, and not when cancelled. */
const finishable = (status: string) => isOrderStatus(status) && status !== "cancelled" && rankOf(status) >= rankOf("paid")

/**
 * Finish and claims (docs/account-services.md): the customer confirms the order's data is final and
 * gets the application for the certificate as a PDF, kept privately as the order's 'claim' document.
 * - `POST /api/v1/uc/leads/{id}/finish/` — the owner, the order at least 'paid' and not cancelled (else
 *   422); the first call makes the PDF (201), a repeated one answers the claim already made (200).
 * - `GET /api/v1/uc/leads/{id}/claims/` — the order's claims with their download URLs.
 * Another customer's order is 404 to both.
 */
export function claimRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const guard = requireUser(deps)
  const ownOrder = async (userId: number, id: number) => {
    const order = await k
      .selectFrom("orders")
      .leftJoin("tariffs", "tariffs.id", "orders.tariff_id")
      .select(["orders.id", "orders.user_id", "orders.status", "orders.applicant_kind", "orders.data", "tariffs.name as tariff_name"])
      .where("orders.id", "=", id)
      .where("orders.user_id", "=", userId)
      .executeTakeFirst()
    if (!order) throw notFound()
    return { ...order, id: Number(order.id), user_id: Number(order.user_id) }
  }
  const claimsOf = async (orderId: number) =>
    (await k.selectFrom("order_documents").select(["id", "order_id", "title", "file", "created_at"]).where("order_id", "=", orderId).where("kind", "=", "claim").orderBy("id", "asc").execute()).map(
      (r) => ({ ...r, id: Number(r.id), order_id: Number(r.order_id) }),
    )

  app.post("/api/v1/uc/leads/:id/finish", guard, async (c) => {
    const order = await ownOrder(c.get("user").id, idParam(c))
    if (!finishable(order.status)) throw unprocessable({ status: [m.notPaid] })
    const made = await claimsOf(order.id)
    if (made.length > 0) return c.json({ data: serializeClaim(made[made.length - 1]!) })
    const data = JSON.parse(order.data) as { values?: Record<string, unknown> }
    const input = { orderId: order.id, applicantKind: order.applicant_kind, tariffName: order.tariff_name, values: data.values ?? {}, date: new Date() }
    const bytes = await renderPdf(deps, { kind: "claim", requisites: await completeRequisites(deps.db, "claim"), input })
    await keepOrderDocument(deps, order, { kind: "claim", title: m.documentTitle, name: `zayavlenie-${order.id}.pdf`, bytes })
    const [claim] = (await claimsOf(order.id)).slice(-1)
    return c.json({ data: serializeClaim(claim!) }, 201)
  })

  app.get("/api/v1/uc/leads/:id/claims", guard, async (c) => {
    const order = await ownOrder(c.get("user").id, idParam(c))
    return c.json({ data: (await claimsOf(order.id)).map(serializeClaim) })
  })
}
