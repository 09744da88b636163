import type { Hono } from "hono"
import { REQUEST_RATE_WINDOW_MS, SALES_REQUEST_RATE_MAX } from "../../schemas/constants.ts"
import { dayTime } from "../../schemas/dates.ts"
import { corporate_frm } from "../../schemas/forms/corporate_frm.ts"
import { services_ib_frm } from "../../schemas/forms/services_ib_frm.ts"
import type { FormPreset, FormValues } from "../../schemas/forms/types.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { normalizePhone } from "../../schemas/rules/check-digits.ts"
import type { SalesRequestKind, SalesRequestsTable } from "../db/schema.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { readPreset, requestOrigin, utmErrors, withoutAgreement } from "../lib/forms.ts"
import { limitRequests } from "../lib/throttle.ts"
import { background } from "../services/accounts.ts"

const f = requestMessages.salesFields

/** Each kind's preset and the checkbox group whose choices it stores as `topics`. */
export const KINDS: Record<SalesRequestKind, { preset: FormPreset; topics: string }> = {
  corporate: { preset: withoutAgreement(corporate_frm), topics: "purposes" },
  services_ib: { preset: withoutAgreement(services_ib_frm), topics: "services" },
}

type SalesRow = Omit<SalesRequestsTable, "id"> & { id: number }

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null)

/** The chosen options' labels (in the preset's order) joined by '; ', or null when none. */
function topicsOf(preset: FormPreset, field: string, values: FormValues): string | null {
  const chosen = values[field]
  const options = preset.fields.find((x) => x.name === field)?.attributes?.options ?? []
  const picked = Array.isArray(chosen) ? options.filter((o) => (chosen as unknown[]).includes(o.value)).map((o) => o.label) : []
  return picked.length > 0 ? picked.join("; ") : null
}

/** The sales team's e-mail: every field of the request, one per line; empty ones as a dash. */
export function salesMailText(r: SalesRow): string {
  const at = dayTime(r.created_at)
  const line = (label: string, value: string | number | null) => `${label}: ${value ?? "—"}`
  return requestMessages.salesText([
    line(f.id, r.id),
    line(f.kind, requestMessages.salesKinds[r.kind]),
    line(f.company, r.company),
    line(f.inn, r.inn),
    ...(r.kind === "corporate" ? [line(f.certificates_count, r.certificates_count)] : []),
    line(f.topics, r.topics),
    line(f.name, r.name),
    line(f.phone, r.phone),
    line(f.email, r.email),
    line(f.comment, r.comment),
    line("utm_source", r.utm_source),
    line("utm_medium", r.utm_medium),
    line("utm_campaign", r.utm_campaign),
    line(f.createdAt, `${at} (МСК)`),
  ])
}

/**
 * The sales requests: `POST /api/v1/corporate_requests/` (corporate_frm) and
 * `POST /api/v1/services_ib_requests/` (services_ib_frm) check the preset (without the agreement) and
 * the utm object, store the request in `sales_requests` with its kind, mail it to SALES_EMAIL when set,
 * and answer 201 `{ data: { id, type: "sales_request" } }`. The CRM reads them under 'Обращения'.
 */
export function salesRequestRoutes(app: Hono<AppEnv>, deps: Deps): void {
  for (const kind of Object.keys(KINDS) as SalesRequestKind[]) {
    const { preset, topics } = KINDS[kind]
    app.post(`/api/v1/${kind}_requests`, async (c) => {
      const { values, body } = await readPreset(c, preset, utmErrors)
      await limitRequests(deps.db, c, deps.config, "sales_request", SALES_REQUEST_RATE_MAX, REQUEST_RATE_WINDOW_MS)
      const count = text(values.certificates_count)
      const row = (await deps.db.kysely
        .insertInto("sales_requests")
        .values({
          kind,
          company: text(values.company) ?? "",
          inn: text(values.inn),
          certificates_count: count === null ? null : Number(count),
          topics: topicsOf(preset, topics, values),
          name: text(values.name) ?? "",
          email: text(values.email)?.toLowerCase() ?? "",
          // The preset's phone rule passed, so it normalizes.
          phone: normalizePhone(String(values.phone)) ?? String(values.phone),
          comment: text(values.comment),
          ...requestOrigin(c, deps.config, body),
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as SalesRow
      const to = deps.config.salesEmail
      // A mail server that is down must not lose the request: it is stored already.
      if (to) background(deps.log, deps.mailer.send({ to, subject: requestMessages.salesSubject[kind], text: salesMailText(row) }))
      return c.json({ data: { id: String(row.id), type: "sales_request" } }, 201)
    })
  }
}
