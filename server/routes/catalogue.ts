import type { Context, Hono } from "hono"
import { catalogueMessages } from "../../schemas/messages/catalogue.ts"
import { groupOptions, isOptionKind, isPlatformGroup, TARIFF_APPLICANT_KINDS, type TariffApplicantKind } from "../../schemas/entities/catalogue.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { asId, idParam, notFound, unprocessable } from "../lib/http.ts"
import { type OptionFilter, readOptions, readPlatformDetail, readPlatforms, readTariffDetail, readTariffs } from "../services/catalogue-records.ts"

const v = messages.validation
const meta = (n: number) => ({ total_pages: 1, total_count: n })
const isApplicantKind = (s: string): s is TariffApplicantKind => (TARIFF_APPLICANT_KINDS as readonly string[]).includes(s)

/** `?tariff_id&kind&applicant_kind`: each optional; a value that is no id or no choice is 422, an unknown tariff too. */
async function optionFilter(c: Context<AppEnv>, deps: Deps): Promise<OptionFilter> {
  const errors: FieldErrors = {}
  const raw = (name: string) => (c.req.query(name) ?? "").trim()
  const out: { tariffId?: number; kind?: OptionFilter["kind"]; applicantKind?: TariffApplicantKind } = {}
  if (raw("tariff_id") !== "") {
    const id = asId(raw("tariff_id"))
    if (id === null) errors.tariff_id = [v.generic]
    else if ((await readTariffs(deps.db.kysely, { id })).length === 0) errors.tariff_id = [catalogueMessages.unknownTariff]
    else out.tariffId = id
  }
  if (raw("kind") !== "") {
    const kind = raw("kind")
    if (isOptionKind(kind)) out.kind = kind
    else errors.kind = [v.select]
  }
  if (raw("applicant_kind") !== "") {
    const kind = raw("applicant_kind")
    if (isApplicantKind(kind)) out.applicantKind = kind
    else errors.applicant_kind = [v.select]
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors)
  return out
}

/**
 * The catalogue's public API (docs/catalogue.md): tariff options (a list, the grouped call,
 * one), tariffs (with periods, extras and platforms), platforms (with their tariffs). Only what is
 * published; anything else is a 404.
 */
export function catalogueRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely

  app.get("/api/v1/uc/options/grouped", async (c) => {
    const data = groupOptions(await readOptions(k, await optionFilter(c, deps)))
    return c.json({ data, meta: meta(data.length) })
  })
  app.get("/api/v1/uc/options", async (c) => {
    const data = await readOptions(k, await optionFilter(c, deps))
    return c.json({ data, meta: meta(data.length) })
  })
  app.get("/api/v1/uc/options/:id", async (c) => {
    const [option] = await readOptions(k, { id: idParam(c) })
    if (!option) throw notFound()
    return c.json({ data: option })
  })

  app.get("/api/v1/uc/tariffs", async (c) => {
    const kind = (c.req.query("applicant_kind") ?? "").trim()
    if (kind !== "" && !isApplicantKind(kind)) throw unprocessable({ applicant_kind: [v.select] })
    const data = await readTariffs(k, kind === "" ? {} : { applicantKind: kind as TariffApplicantKind })
    return c.json({ data, meta: meta(data.length) })
  })
  app.get("/api/v1/uc/tariffs/:id", async (c) => {
    const tariff = await readTariffDetail(k, idParam(c))
    if (!tariff) throw notFound()
    return c.json({ data: tariff })
  })

  app.get("/api/v1/uc/platforms", async (c) => {
    const group = (c.req.query("group") ?? "").trim()
    if (group !== "" && !isPlatformGroup(group)) throw unprocessable({ group: [v.select] })
    const data = await readPlatforms(k, isPlatformGroup(group) ? { group } : {})
    return c.json({ data, meta: meta(data.length) })
  })
  app.get("/api/v1/uc/platforms/:id", async (c) => {
    const platform = await readPlatformDetail(k, idParam(c))
    if (!platform) throw notFound()
    return c.json({ data: platform })
  })
}
