import type { Context, Hono } from "hono"
import { REGISTER_SEARCH_MAX } from "../../schemas/constants.ts"
import { normalizeSerial } from "../../schemas/entities/certificate.ts"
import { reestr_search_frm } from "../../schemas/forms/reestr_search_frm.ts"
import { registerMessages as m } from "../../schemas/messages/register.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { unprocessable } from "../lib/http.ts"
import { limitLookups, limitTargets } from "../lib/throttle.ts"
import { verifyCaptcha } from "../services/captcha.ts"
import { publicCertificate } from "../services/register/public-view.ts"

const HEX = /^[0-9a-f]+$/

/**
 * The captcha of a register lookup, from the query (`captcha_id`, `captcha_answer`): used up by the
 * check; then the lookup counts against its target (`target`: `inn:…`, `serial:…`), whoever asks.
 */
async function passCaptcha(c: Context<AppEnv>, deps: Deps, target: string): Promise<void> {
  const value = { id: c.req.query("captcha_id") ?? "", answer: c.req.query("captcha_answer") ?? "" }
  if (!(await verifyCaptcha(deps.db, value))) throw unprocessable({ captcha: [requestMessages.captchaWrong] })
  await limitTargets(deps.db, "register", [target])
}

/** The query read as reestr_search_frm's values (the same rules as the form), the captcha stood in for by its id. */
function readSearch(c: Context<AppEnv>, searchBy: string, serial?: string) {
  const body: Record<string, unknown> = { search_by: searchBy, captcha: { id: c.req.query("captcha_id") ?? "", answer: c.req.query("captcha_answer") ?? "" } }
  for (const name of ["serial_number", "inn", "ogrn", "snils"]) body[name] = c.req.query(name) ?? ""
  if (serial !== undefined) body.serial_number = serial
  const result = validatePresetInput(reestr_search_frm, body)
  if (!result.ok) throw unprocessable(result.errors)
  return result.value
}

/**
 * The public register (docs/register.md), behind the captcha (each answer good for one call):
 * - `GET /api/v2/certificates/{serial}/?captcha_id=&captcha_answer=` — the certificate of that serial
 *   (hex, any case, spaces and colons ignored): `{ data }`, 404 when none;
 * - `GET /api/v2/certificates/?search_by=inn|ogrn|snils&inn=…&captcha_id=&captcha_answer=` — the owner's
 *   certificates, newest first, at most REGISTER_SEARCH_MAX: `{ data, meta: { count, more } }`;
 * - `GET /api/v2/certificates/{public_id}/download/` — the .cer (DER) by its opaque id, no captcha.
 * Wrong or missing captcha: 422 `captcha`. The answer never carries a SNILS or a person's INN in full.
 */
export function certificateRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely

  app.get("/api/v2/certificates/:id/download", async (c) => {
    const id = c.req.param("id")
    if (!/^[0-9a-f]{32}$/.test(id)) return c.json({ message: m.notFoundBySerial }, 404)
    const row = await k.selectFrom("certificates").select(["der", "serial"]).where("public_id", "=", id).executeTakeFirst()
    if (!row) return c.json({ message: m.notFoundBySerial }, 404)
    return new Response(Buffer.from(row.der, "base64"), {
      headers: {
        "content-type": "application/pkix-cert",
        "content-disposition": `attachment; filename="${row.serial.toUpperCase()}.cer"`,
        "cache-control": "public, max-age=300",
        "x-content-type-options": "nosniff",
      },
    })
  })

  app.get("/api/v2/certificates/:id", async (c) => {
    await limitLookups(deps.db, c, deps.config)
    const raw = decodeURIComponent(c.req.param("id"))
    const serial = normalizeSerial(raw)
    readSearch(c, "serial", raw)
    if (serial === "" || serial.length > 128 || !HEX.test(serial)) throw unprocessable({ serial_number: [m.serialFormat] })
    await passCaptcha(c, deps, `serial:${serial}`)
    const row = await k.selectFrom("certificates").selectAll().where("serial", "=", serial).orderBy("id", "desc").executeTakeFirst()
    if (!row) return c.json({ message: m.notFoundBySerial }, 404)
    return c.json({ data: publicCertificate(row) })
  })

  app.get("/api/v2/certificates", async (c) => {
    await limitLookups(deps.db, c, deps.config)
    const searchBy = c.req.query("search_by") ?? ""
    if (searchBy === "serial") {
      const values = readSearch(c, "serial")
      const serial = normalizeSerial(String(values.serial_number ?? ""))
      if (serial === "" || !HEX.test(serial)) throw unprocessable({ serial_number: [m.serialFormat] })
      await passCaptcha(c, deps, `serial:${serial}`)
      const rows = await k.selectFrom("certificates").selectAll().where("serial", "=", serial).orderBy("id", "desc").limit(REGISTER_SEARCH_MAX).execute()
      return c.json({ data: rows.map((r) => publicCertificate(r)), meta: { count: rows.length, more: false } })
    }
    if (!["inn", "ogrn", "snils"].includes(searchBy)) throw unprocessable({ search_by: [m.searchByRequired] })
    const values = readSearch(c, searchBy)
    const value = String(values[searchBy] ?? "").replace(/\D/g, "")
    await passCaptcha(c, deps, `${searchBy}:${value}`)
    const column = searchBy === "inn" ? "owner_inn" : searchBy === "ogrn" ? "owner_ogrn" : "owner_snils"
    const rows = await k
      .selectFrom("certificates")
      .selectAll()
      .where(column, "=", value)
      .orderBy("not_after", "desc")
      .orderBy("id", "desc")
      .limit(REGISTER_SEARCH_MAX + 1)
      .execute()
    const more = rows.length > REGISTER_SEARCH_MAX
    const data = rows.slice(0, REGISTER_SEARCH_MAX).map((r) => publicCertificate(r))
    return c.json({ data, meta: { count: data.length, more } })
  })
}
