import type { Hono } from "hono"
import { catalogueMessages } from "../../schemas/messages/catalogue.ts"
import { PARTNER_REQUEST_RATE_MAX, REQUEST_RATE_WINDOW_MS } from "../../schemas/constants.ts"
import { dayTime } from "../../schemas/dates.ts"
import { type PartnerKind, partnerKindLabels, PARTNER_KINDS, type PartnerRecord, tariffApplicantKindLabels, type TariffApplicantKind } from "../../schemas/entities/catalogue.ts"
import { partners_frm } from "../../schemas/forms/partners_frm.ts"
import { normalizePhone } from "../../schemas/rules/check-digits.ts"
import type { PartnersTable } from "../db/schema.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { readPreset, requestOrigin, utmErrors, withoutAgreement } from "../lib/forms.ts"
import { asId, idParam, notFound, unprocessable } from "../lib/http.ts"
import { limitRequests } from "../lib/throttle.ts"
import { background } from "../services/accounts.ts"

/** The body this route reads (also the API description's, server/openapi). */
export const input = withoutAgreement(partners_frm)
const f = catalogueMessages.partnerFields
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null)

type PartnerRow = Omit<PartnersTable, "id" | "position" | "published"> & { id: number; position: number; published: number }

function logoOf(json: string | null): { name: string; url: string } | null {
  if (!json) return null
  try {
    const f = JSON.parse(json) as { name?: unknown; url?: unknown }
    return typeof f.name === "string" && typeof f.url === "string" ? { name: f.name, url: f.url } : null
  } catch {
    return null
  }
}

export function partnerRecord(r: PartnerRow): PartnerRecord {
  const kind: PartnerKind = (PARTNER_KINDS as readonly string[]).includes(r.kind) ? (r.kind as PartnerKind) : "agent"
  return {
    id: String(r.id),
    type: "partner",
    attributes: { code: r.code, name: r.name, kind, kind_name: partnerKindLabels[kind], description: r.description, url: r.url, logo: logoOf(r.logo) },
  }
}

/** The sales team's e-mail of a partner's client's request: every field, one per line; empty ones as a dash. */
export function partnerMailText(id: number, partner: string, values: Record<string, unknown>, tariff: string | null, createdAt: string): string {
  const at = dayTime(createdAt)
  const line = (label: string, value: unknown) => `${label}: ${text(value) ?? (typeof value === "number" ? value : "—")}`
  const kind = tariffApplicantKindLabels[values.applicant_kind as TariffApplicantKind] ?? values.applicant_kind
  return catalogueMessages.partnerText([
    line(f.id, id),
    line(f.partner, partner),
    line(f.applicant_kind, kind),
    line(f.company, values.company),
    line(f.inn, values.inn),
    line(f.tariff, tariff),
    line(f.name, values.name),
    line(f.phone, values.phone),
    line(f.email, values.email),
    line(f.comment, values.comment),
    line(f.createdAt, `${at} (МСК)`),
  ])
}

/**
 * Partners (docs/catalogue.md): `GET /api/v1/uc/partners/` (optional `?code=`, the
 * `{partner}` of `/{partner}_clients/docs`), `/{id}/`, and a partner's client's request
 * `POST /api/v1/uc/partners/{id}/requests/` with partners_frm (without the agreement) and the utm
 * object: stored in `partner_requests`, mailed to SALES_EMAIL, 201.
 */
export function cataloguePartnerRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const published = (id: number) => k.selectFrom("partners").selectAll().where("id", "=", id).where("published", "=", 1).executeTakeFirst()

  app.get("/api/v1/uc/partners", async (c) => {
    const code = (c.req.query("code") ?? "").trim()
    let q = k.selectFrom("partners").selectAll().where("published", "=", 1)
    if (code !== "") q = q.where("code", "=", code)
    const data = (await q.orderBy("position").orderBy("id").execute()).map((r) => partnerRecord(r as PartnerRow))
    return c.json({ data, meta: { total_pages: 1, total_count: data.length } })
  })

  app.get("/api/v1/uc/partners/:id", async (c) => {
    const row = await published(idParam(c))
    if (!row) throw notFound()
    return c.json({ data: partnerRecord(row as PartnerRow) })
  })

  app.post("/api/v1/uc/partners/:id/requests", async (c) => {
    const partner = await published(idParam(c))
    if (!partner) throw notFound()
    const { values, body } = await readPreset(c, input, utmErrors)
    let tariff: string | null = null
    const tariffRaw = text(values.tariff_id)
    if (tariffRaw !== null) {
      const id = asId(tariffRaw)
      const row = id === null ? undefined : await k.selectFrom("tariffs").select("name").where("id", "=", id).where("published", "=", 1).executeTakeFirst()
      if (!row) throw unprocessable({ tariff_id: [catalogueMessages.unknownTariff] })
      tariff = row.name
    }
    await limitRequests(deps.db, c, deps.config, "partner_request", PARTNER_REQUEST_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    const data = {
      ...values,
      email: text(values.email)?.toLowerCase() ?? null,
      phone: normalizePhone(String(values.phone ?? "")) ?? values.phone ?? null,
    }
    const origin = requestOrigin(c, deps.config, body)
    const row = await k
      .insertInto("partner_requests")
      .values({ partner_id: partner.id, data: JSON.stringify(data), ...origin })
      .returning(["id", "created_at"])
      .executeTakeFirstOrThrow()
    const to = deps.config.salesEmail
    if (to) background(deps.log, deps.mailer.send({ to, subject: catalogueMessages.partnerSubject, text: partnerMailText(row.id, partner.name, data, tariff, row.created_at) }))
    return c.json({ data: { id: String(row.id), type: "partner_request" } }, 201)
  })
}
