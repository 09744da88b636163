import type { Context, Hono } from "hono"
import type { AppEnv, Deps } from "../lib/env.ts"
import { idParam, notFound, readJson } from "../lib/http.ts"
import { requireUser } from "../lib/user-auth.ts"
import { attachScan, ORDER_SCANS_MAX, readScanInput, removeScan, scanFieldsOf, scansOpen, valuesOf } from "../services/order-scans.ts"
import { accountDocumentUrl, fileOf } from "../services/order-views.ts"

/** A Yandex Maps search for the office: the city and the address, as a visitor would type them. */
const mapUrl = (city: string, address: string) => `https://yandex.ru/maps/?text=${encodeURIComponent(address.includes(city) ? address : `${city}, ${address}`)}`

/** The stored file's size in bytes, when the row has one. */
function sizeOf(json: string): number | null {
  try {
    const size = (JSON.parse(json) as { size?: unknown }).size
    return typeof size === "number" ? size : null
  } catch {
    return null
  }
}

/**
 * What the customer's order page shows after the submit (docs/account.md, "After payment"), owner only
 * (another customer's order is a 404):
 *
 * - `GET /api/v1/lk/leads/{id}/steps/` — the office (name, city, address, hours, phone, metro, map link)
 *   or the visiting specialist's address, the scans asked for and attached (with the limit and whether
 *   they are still taken), and the certificate issued for the order.
 * - `POST /api/v1/lk/leads/{id}/scans/` `{ field, url }` — attaches the customer's upload as that scan:
 *   201 `{ id }`; 422 `field`/`url` (unknown field, a file not theirs, already attached, over
 *   ORDER_SCANS_MAX); 409 before the submit and once issued or cancelled.
 * - `DELETE /api/v1/lk/leads/{id}/scans/{doc_id}/` — removes one of its scans (same 409), 204.
 */
export function orderScanRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const guard = requireUser(deps)

  const ownOrder = async (c: Context<AppEnv>) => {
    const row = await k.selectFrom("orders").select(["id", "status", "identification", "office_id", "data"]).where("id", "=", idParam(c)).where("user_id", "=", c.get("user").id).executeTakeFirst()
    if (!row) throw notFound()
    return row
  }

  app.get("/api/v1/lk/leads/:id/steps", guard, async (c) => {
    const row = await ownOrder(c)
    const values = valuesOf(row.data)
    const officeId = row.office_id ?? (typeof values.office_id === "string" && /^\d{1,9}$/.test(values.office_id) ? Number(values.office_id) : null)
    const office =
      row.identification === "office" && officeId !== null
        ? await k
            .selectFrom("offices as o")
            .innerJoin("cities as c", "c.id", "o.city_id")
            .select(["o.id", "o.name", "o.address", "o.hours", "o.phone", "o.email", "o.metro", "c.name as city"])
            .where("o.id", "=", officeId)
            .executeTakeFirst()
        : undefined
    const visit = row.identification === "courier" && typeof values.visit_address === "string" && values.visit_address.trim() !== "" ? values.visit_address.trim() : null
    const docs = await k.selectFrom("order_documents").select(["id", "field", "file", "created_at"]).where("order_id", "=", row.id).where("kind", "=", "upload").orderBy("id", "asc").execute()
    const certificate = await k
      .selectFrom("certificates")
      .select(["public_id", "serial", "not_after"])
      .where("order_id", "=", row.id)
      .where("user_id", "=", c.get("user").id)
      .orderBy("id", "desc")
      .executeTakeFirst()
    return c.json({
      office: office ? { id: Number(office.id), name: office.name, city: office.city, address: office.address, hours: office.hours, phone: office.phone, email: office.email, metro: office.metro, map_url: mapUrl(office.city, office.address) } : null,
      visit_address: visit,
      scans: {
        fields: scanFieldsOf(values),
        open: scansOpen(row.status),
        max: ORDER_SCANS_MAX,
        files: docs.map((d) => {
          const file = fileOf(d.file)
          return { id: Number(d.id), field: d.field, name: file.name, size: sizeOf(d.file), created_at: d.created_at, url: accountDocumentUrl(row.id, Number(d.id)) }
        }),
      },
      certificate: certificate ? { id: certificate.public_id, serial: certificate.serial, not_after: certificate.not_after } : null,
    })
  })

  app.post("/api/v1/lk/leads/:id/scans", guard, async (c) => {
    const row = await ownOrder(c)
    const input = readScanInput(await readJson(c), scanFieldsOf(valuesOf(row.data)))
    const id = await attachScan(deps.db, c.get("user").id, row.id, input)
    return c.json({ id }, 201)
  })

  app.delete("/api/v1/lk/leads/:id/scans/:doc_id", guard, async (c) => {
    const row = await ownOrder(c)
    const raw = c.req.param("doc_id")
    if (!/^[1-9]\d{0,9}$/.test(raw)) throw notFound()
    await removeScan(deps.db, c.get("user").id, row.id, Number(raw))
    return c.body(null, 204)
  })
}
