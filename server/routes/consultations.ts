import type { Context, Hono } from "hono"
import { CONSULTATION_RATE_MAX, REQUEST_RATE_WINDOW_MS } from "../../schemas/constants.ts"
import { offers_frm } from "../../schemas/forms/offers_frm.ts"
import { consultationMessages } from "../../schemas/messages/consultation.ts"
import { dayTime } from "../../schemas/dates.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import type { ConsultationsTable } from "../db/schema.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { offerContact, readPreset, requestOrigin, utmErrors, withoutAgreement } from "../lib/forms.ts"
import { asId, HttpError, unprocessable } from "../lib/http.ts"
import { limitRequests } from "../lib/throttle.ts"
import { requestToken } from "../lib/session-cookie.ts"
import { requireUser } from "../lib/user-auth.ts"
import { background } from "../services/accounts.ts"

/** The question form of the spec (offers_frm) is the consultation's form: one form, not a second. */
/** The body this route reads (also the API description's, server/openapi). */
export const input = withoutAgreement(offers_frm)
const m = consultationMessages
const f = m.fields

type ConsultationRow = Omit<ConsultationsTable, "id"> & { id: number }

/** An id sent as a JSON string or number; absent (undefined, null, "") is null, anything else not an id is `false`. */
function idOf(raw: unknown): number | null | false {
  if (raw === undefined || raw === null || raw === "") return null
  if (typeof raw !== "string" && typeof raw !== "number") return false
  return asId(String(raw)) ?? false
}

/** The caller's user id when the request carries a valid site token; a missing or stale one reads as a visitor. */
async function optionalUserId(c: Context<AppEnv>, deps: Deps): Promise<number | null> {
  if (!requestToken(c)) return null
  try {
    await requireUser(deps)(c, async () => {})
    return c.get("user").id
  } catch (error) {
    if (error instanceof HttpError) return null
    throw error
  }
}

/** The sales team's e-mail: every field of the request, one per line; empty ones as a dash. No order data beyond its number. */
export function consultationMailText(r: ConsultationRow): string {
  const at = dayTime(r.created_at)
  const line = (label: string, value: string | number | null) => `${label}: ${value ?? "—"}`
  return m.text([
    line(f.id, r.id),
    line(f.name, r.name),
    line(f.phone, r.phone),
    line(f.email, r.email),
    line(f.comment, r.comment),
    line(f.tariff, r.tariff_name),
    line(f.order, r.order_id === null ? null : `№ ${r.order_id}`),
    line(f.account, r.user_id === null ? f.anonymous : f.signedIn),
    line("utm_source", r.utm_source),
    line("utm_medium", r.utm_medium),
    line("utm_campaign", r.utm_campaign),
    line(f.createdAt, `${at} (МСК)`),
  ])
}

/**
 * Consultation requests (SPEC.md section 7; docs/account-services.md): `POST /api/v1/uc/consultations/`
 * takes the question form's fields (offers_frm without the agreement), the optional `tariff_id` (a
 * published tariff) and `order_id` (only the signed-in caller's own order), and the utm; stores the
 * request in `consultations` with the caller's account when signed in, mails it to SALES_EMAIL when set,
 * and answers 201 `{ data: { id, type: "consultation" } }`. Staff read them in the CRM's 'Обращения'.
 */
export function consultationRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  app.post("/api/v1/uc/consultations", async (c) => {
    const userId = await optionalUserId(c, deps)
    const { values, body } = await readPreset(c, input, utmErrors)
    const errors: FieldErrors = {}
    const tariffId = idOf(body.tariff_id)
    const orderId = idOf(body.order_id)
    const tariff = tariffId ? await k.selectFrom("tariffs").select(["id", "name"]).where("id", "=", tariffId).where("published", "=", 1).executeTakeFirst() : undefined
    if (tariffId === false || (tariffId !== null && !tariff)) errors.tariff_id = [m.tariffUnknown]
    // Someone else's order reads as no order at all: its existence is not told.
    const order =
      orderId && userId !== null ? await k.selectFrom("orders").select(["id", "tariff_id"]).where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst() : undefined
    if (orderId === false || (orderId !== null && !order)) errors.order_id = [m.orderUnknown]
    if (Object.keys(errors).length > 0) throw unprocessable(errors)
    await limitRequests(deps.db, c, deps.config, "consultation", CONSULTATION_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    // An order's tariff names the request when the page sent none.
    const ofOrder = !tariff && order?.tariff_id ? await k.selectFrom("tariffs").select(["id", "name"]).where("id", "=", order.tariff_id).executeTakeFirst() : undefined
    const named = tariff ?? ofOrder
    const row = (await k
      .insertInto("consultations")
      .values({
        user_id: userId,
        order_id: order?.id ?? null,
        tariff_id: named?.id ?? null,
        tariff_name: named?.name ?? null,
        ...offerContact(values),
        ...requestOrigin(c, deps.config, body),
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as ConsultationRow
    const to = deps.config.salesEmail
    // A mail server that is down must not lose the request: it is stored already.
    if (to) background(deps.log, deps.mailer.send({ to, subject: m.subject, text: consultationMailText(row) }))
    return c.json({ data: { id: String(row.id), type: "consultation" } }, 201)
  })
}
