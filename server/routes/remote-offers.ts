import type { Hono } from "hono"
import { OFFER_RATE_MAX, REQUEST_RATE_WINDOW_MS } from "../../schemas/constants.ts"
import { dayTime } from "../../schemas/dates.ts"
import { offers_frm } from "../../schemas/forms/offers_frm.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import type { RemoteOffersTable } from "../db/schema.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { offerContact, readPreset, requestOrigin, utmErrors, withoutAgreement } from "../lib/forms.ts"
import { limitRequests } from "../lib/throttle.ts"
import { background } from "../services/accounts.ts"

/** The body this route reads (also the API description's, server/openapi). */
export const input = withoutAgreement(offers_frm)
const f = requestMessages.offerFields

type OfferRow = Omit<RemoteOffersTable, "id"> & { id: number }

/** The sales team's e-mail: every field of the request, one per line; empty ones as a dash. */
export function offerMailText(r: OfferRow): string {
  const at = dayTime(r.created_at)
  const line = (label: string, value: string | number | null) => `${label}: ${value ?? "—"}`
  return requestMessages.offerText([
    line(f.id, r.id),
    line(f.name, r.name),
    line(f.phone, r.phone),
    line(f.email, r.email),
    line(f.comment, r.comment),
    line(f.utm_source, r.utm_source),
    line(f.utm_medium, r.utm_medium),
    line(f.utm_campaign, r.utm_campaign),
    line(f.createdAt, `${at} (МСК)`),
  ])
}

/**
 * The callback and question form (`offers_frm`): `POST /api/v1/remote_offers/` stores the request,
 * mails it to SALES_EMAIL when set, and answers 201 `{ data: { id, type: "remote_offer" } }`. The CRM
 * reads them at `/api/v2/crm/remote_offers/` (the declaration schemas/resources/requests.ts).
 */
export function remoteOfferRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.post("/api/v1/remote_offers", async (c) => {
    const { values, body } = await readPreset(c, input, utmErrors)
    await limitRequests(deps.db, c, deps.config, "remote_offer", OFFER_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    const row = (await deps.db.kysely
      .insertInto("remote_offers")
      .values({
        ...offerContact(values),
        ...requestOrigin(c, deps.config, body),
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as OfferRow
    const to = deps.config.salesEmail
    // A mail server that is down must not lose the visitor's request: it is stored already.
    if (to) background(deps.log, deps.mailer.send({ to, subject: requestMessages.offerSubject, text: offerMailText(row) }))
    return c.json({ data: { id: String(row.id), type: "remote_offer" } }, 201)
  })
}
