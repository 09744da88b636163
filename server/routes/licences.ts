import type { Hono } from "hono"
import { now } from "../db/index.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { idParam, notFound } from "../lib/http.ts"
import { requireUser } from "../lib/user-auth.ts"
import { renderPdf } from "../services/heavy-work.ts"
import { completeRequisites } from "../services/requisites.ts"

interface LicenceRow {
  readonly id: number
  readonly order_id: number
  readonly product: string
  readonly serial: string
  readonly period: number | null
  readonly confirmed_at: string | null
  readonly created_at: string
}

const serializeLicence = (r: LicenceRow) => ({
  id: String(r.id),
  type: "licence" as const,
  attributes: {
    order_id: String(r.order_id),
    product: r.product,
    serial: r.serial,
    period: r.period,
    confirmed_at: r.confirmed_at,
    created_at: r.created_at,
    download_url: `/api/v1/lk/licenses/${r.id}/download/`,
  },
})

/**
 * The customer's CryptoPro CSP licences (docs/account-services.md), issued by the 'paid' hook
 * (server/services/licences.ts). Only the owner's (another's is 404):
 * - `GET /api/v1/lk/licenses/` (`?order_id` for one order's) — newest first;
 * - `POST /api/v1/lk/licenses/{id}/confirm/` — the customer confirms receipt (confirmed_at, once);
 * - `GET /api/v1/lk/licenses/{id}/download/` — the licence certificate as a PDF.
 */
export function licenceRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const guard = requireUser(deps)
  const mine = (userId: number) =>
    k
      .selectFrom("licences as l")
      .leftJoin("tariff_options as o", "o.id", "l.option_id")
      .select(["l.id", "l.order_id", "l.product", "l.serial", "l.confirmed_at", "l.created_at", "o.period"])
      .where("l.user_id", "=", userId)
  const norm = (r: { id: number; order_id: number; period: number | null } & Omit<LicenceRow, "id" | "order_id" | "period">): LicenceRow => ({
    ...r,
    id: Number(r.id),
    order_id: Number(r.order_id),
    period: r.period === null ? null : Number(r.period),
  })
  const one = async (userId: number, id: number) => {
    const row = await mine(userId).where("l.id", "=", id).executeTakeFirst()
    if (!row) throw notFound()
    return norm(row)
  }

  app.get("/api/v1/lk/licenses", guard, async (c) => {
    let q = mine(c.get("user").id)
    const orderId = c.req.query("order_id")
    if (orderId) q = q.where("l.order_id", "=", /^[1-9]\d{0,9}$/.test(orderId) ? Number(orderId) : -1)
    const rows = await q.orderBy("l.id", "desc").execute()
    return c.json({ data: rows.map((r) => serializeLicence(norm(r))) })
  })

  app.post("/api/v1/lk/licenses/:id/confirm", guard, async (c) => {
    const userId = c.get("user").id
    const licence = await one(userId, idParam(c))
    // The first confirmation counts; a repeated one changes nothing.
    await k.updateTable("licences").set({ confirmed_at: now() }).where("id", "=", licence.id).where("confirmed_at", "is", null).execute()
    return c.json({ data: serializeLicence(await one(userId, licence.id)) })
  })

  app.get("/api/v1/lk/licenses/:id/download", guard, async (c) => {
    const user = c.get("user")
    const licence = await one(user.id, idParam(c))
    const order = await k.selectFrom("orders").select(["title"]).where("id", "=", licence.order_id).executeTakeFirst()
    const input = {
      product: licence.product,
      serial: licence.serial,
      period: licence.period,
      orderId: licence.order_id,
      licensee: order?.title.trim() || user.fullname,
      createdAt: licence.created_at,
    }
    const bytes = await renderPdf(deps, { kind: "licence", requisites: await completeRequisites(deps.db, "licence"), input })
    return new Response(new Uint8Array(bytes), {
      headers: {
        "content-type": "application/pdf",
        "content-length": String(bytes.length),
        "content-disposition": `attachment; filename="licence-${licence.id}.pdf"`,
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    })
  })
}
