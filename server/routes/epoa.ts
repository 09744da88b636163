import { readFile } from "node:fs/promises"
import type { Context, Hono } from "hono"
import { DIRECTOR_LEVEL, EPOA_REVOKE_REASON_MAX, EPOA_REVOKED_PER_PAGE, EPOA_SIG_MAX_BYTES, EPOA_XML_MAX_BYTES } from "../../schemas/constants.ts"
import { epoaMessages as m } from "../../schemas/messages/epoa.ts"
import { epoa_revoked_frm } from "../../schemas/forms/epoa_revoked_frm.ts"
import { epoa_search_principal_frm } from "../../schemas/forms/epoa_search_principal_frm.ts"
import { epoa_search_representative_frm } from "../../schemas/forms/epoa_search_representative_frm.ts"
import type { CaptchaValue } from "../../schemas/forms/types.ts"
import { messages } from "../../schemas/messages/common.ts"
import { EPOA_REVOKE, epoas } from "../../schemas/resources/epoas.ts"
import { isoDayOf } from "../../schemas/resources/fields.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import { assertRole } from "../lib/admin-auth.ts"
import { recordAudit } from "../lib/audit.ts"
import type { ServerHooks } from "../lib/crud.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { asId, notFound, readJson, unprocessable } from "../lib/http.ts"
import { readPreset } from "../lib/forms.ts"
import { verifyPassword } from "../lib/passwords.ts"
import { limitLookups, limitTargets } from "../lib/throttle.ts"
import { requireUser } from "../lib/user-auth.ts"
import { verifyCaptcha } from "../services/captcha.ts"
import { acceptEpoa } from "../services/epoa/accept.ts"
import {
  epoaByPublicId,
  epoasOfLegalPersons,
  epoaView,
  findByPrincipal,
  findByRepresentative,
  insertEpoa,
  revokedEpoas,
  revokeEpoa,
  type EpoaRow,
} from "../services/epoa/registry.ts"
import { sampleEpoaXml } from "../services/epoa/sample.ts"
import { contentDisposition, discardFile, receiveForm } from "../services/uploads.ts"

/** The two files of an upload (`file`: the XML, `signature`: its detached signature), each within its limit, read once. */
async function receiveEpoa(c: Context<AppEnv>, deps: Deps) {
  const form = await receiveForm(c, deps.config.uploadDir, ["file", "signature"])
  const { file, signature } = form.files
  try {
    if (!file || file.size === 0) throw unprocessable({ file: [m.api.fileRequired] })
    if (!signature || signature.size === 0) throw unprocessable({ signature: [m.api.signatureRequired] })
    if (file.size > EPOA_XML_MAX_BYTES) throw unprocessable({ file: [m.api.fileTooLarge(EPOA_XML_MAX_BYTES / 1024 / 1024)] })
    if (signature.size > EPOA_SIG_MAX_BYTES) throw unprocessable({ signature: [m.api.signatureTooLarge(EPOA_SIG_MAX_BYTES / 1024)] })
    return { xml: new Uint8Array(await readFile(file.path)), signature: new Uint8Array(await readFile(signature.path)), fields: form.fields }
  } finally {
    await discardFile(file ?? null)
    await discardFile(signature ?? null)
  }
}

const captchaOf = (values: Record<string, unknown>) => values.captcha as CaptchaValue
const one = (row: EpoaRow | null, full = false) => ({ data: row ? epoaView(row, full) : null })
/** A reason of a revocation: required, plain text, at most EPOA_REVOKE_REASON_MAX. */
function reasonOf(raw: unknown, field = "reason"): string {
  const reason = typeof raw === "string" ? raw.trim() : ""
  if (!reason) throw unprocessable({ [field]: [m.api.reasonRequired] })
  if (reason.length > EPOA_REVOKE_REASON_MAX) throw unprocessable({ [field]: [messages.validation.maxLength(EPOA_REVOKE_REASON_MAX)] })
  return reason
}

/** 'МЧД' in the CRM (schemas/resources/epoas.ts): 'Отозвать' with the note as the reason; crud.ts logs it. */
export const epoaHooks: ServerHooks = {
  transition: async (deps, _c, id, value, note) => {
    if (value !== EPOA_REVOKE) throw unprocessable({ action: [messages.validation.select] })
    const reason = reasonOf(note, "note")
    const row = await deps.db.kysely.selectFrom("epoas").selectAll().where("id", "=", id).executeTakeFirst()
    if (!row) throw notFound()
    await revokeEpoa(deps.db, { ...row, id: Number(row.id) }, reason)
  },
}

/**
 * The МЧД registry (docs/epoa.md):
 * - public, behind the captcha (the tax service's check: the number and the principal's or the
 *   representative's identifiers): `POST /api/v1/epoa/search/principal/` (epoa_search_principal_frm),
 *   `POST /api/v1/epoa/search/representative/` (epoa_search_representative_frm: the СНИЛС, and the
 *   ИНН when given, must match) → `{ data: МЧД | null }`,
 *   the representative masked;
 * - public: `GET /api/v1/epoa/revoked/` (epoa_revoked_frm's fields as the query, `page`), newest
 *   revocation first; `GET /api/v1/epoa/sample.xml` (the model page's sample);
 * - a director (level 2) for their legal persons: `GET /api/v1/lk/epoas/`, `POST /api/v1/lk/epoas/`
 *   (multipart `file`, `signature`, optional `legal_person_id`), `POST /api/v1/lk/epoas/{id}/revoke/`
 *   `{ reason, password }`;
 * - staff (operators, administrators): `POST /api/v2/crm/epoas/upload/` (multipart `file`,
 *   `signature`), the XML and the signature of a record at `/api/v2/crm/epoas/{id}/xml|sig/`; the
 *   list, the record and 'Отозвать' come from the declaration.
 */
export function epoaRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const db = deps.db
  const director = requireUser(deps, { level: DIRECTOR_LEVEL })
  const legalPersonsOf = (userId: number) => db.kysely.selectFrom("legal_persons").select(["id", "inn"]).where("director_user_id", "=", userId).execute()

  /** The targets of an МЧД lookup, counted after the captcha (`limitTargets`): the number and each identifier given. */
  const targetsOf = (pairs: Record<string, unknown>) =>
    Object.entries(pairs)
      .map(([kind, v]) => [kind, String(v ?? "").trim().toLowerCase()] as const)
      .filter(([, v]) => v !== "")
      .map(([kind, v]) => `${kind}:${v}`)

  app.post("/api/v1/epoa/search/principal", async (c) => {
    await limitLookups(db, c, deps.config)
    const { values } = await readPreset(c, epoa_search_principal_frm)
    if (!(await verifyCaptcha(db, captchaOf(values)))) throw unprocessable({ captcha: [m.api.captchaWrong] })
    await limitTargets(db, "epoa", targetsOf({ epoa: values.epoa_number, inn: values.principal_inn, ogrn: values.principal_ogrn }))
    return c.json(one(await findByPrincipal(db, { number: String(values.epoa_number), inn: String(values.principal_inn), ogrn: String(values.principal_ogrn ?? "") || null })))
  })

  app.post("/api/v1/epoa/search/representative", async (c) => {
    // The preset asks the СНИЛС (required) and optionally the ИНН: both must match when given.
    await limitLookups(db, c, deps.config)
    const { values } = await readPreset(c, epoa_search_representative_frm)
    if (!(await verifyCaptcha(db, captchaOf(values)))) throw unprocessable({ captcha: [m.api.captchaWrong] })
    await limitTargets(db, "epoa", targetsOf({ epoa: values.epoa_number, snils: String(values.representative_snils ?? "").replace(/\D/g, ""), inn: values.representative_inn }))
    const found = await findByRepresentative(db, { number: String(values.epoa_number), snils: String(values.representative_snils ?? ""), inn: String(values.representative_inn ?? "") })
    return c.json(one(found))
  })

  app.get("/api/v1/epoa/revoked", async (c) => {
    const q = c.req.query()
    const result = validatePresetInput(epoa_revoked_frm, { epoa_number: q.epoa_number ?? "", principal_inn: q.principal_inn ?? "", revoked_from: q.revoked_from ?? "", revoked_to: q.revoked_to ?? "" })
    if (!result.ok) throw unprocessable(result.errors)
    const v = result.value
    const page = q.page === undefined ? 1 : asId(q.page)
    if (page === null) throw unprocessable({ page: [messages.validation.generic] })
    const text = (x: unknown) => (typeof x === "string" && x.trim() !== "" ? x.trim() : null)
    const from = text(v.revoked_from)
    const to = text(v.revoked_to)
    const { rows, total } = await revokedEpoas(db, { number: text(v.epoa_number), principalInn: text(v.principal_inn), from: from && isoDayOf(from), to: to && isoDayOf(to), page })
    return c.json({ data: rows.map((r) => epoaView(r)), meta: { total, page, per_page: EPOA_REVOKED_PER_PAGE, pages: Math.max(1, Math.ceil(total / EPOA_REVOKED_PER_PAGE)) } })
  })

  app.get("/api/v1/epoa/sample.xml", (c) => {
    const { name, xml } = sampleEpoaXml()
    return c.body(xml, 200, { "content-type": "application/xml; charset=utf-8", "content-disposition": contentDisposition(`${name}.xml`), "x-content-type-options": "nosniff" })
  })

  app.get("/api/v1/lk/epoas", director, async (c) => {
    const mine = await legalPersonsOf(c.get("user").id)
    const rows = await epoasOfLegalPersons(db, mine.map((l) => l.inn))
    return c.json({ data: rows.map((r) => epoaView(r, true)) })
  })

  app.post("/api/v1/lk/epoas", director, async (c) => {
    const user = c.get("user")
    const mine = await legalPersonsOf(user.id)
    const upload = await receiveEpoa(c, deps)
    const askedId = upload.fields.legal_person_id ? asId(upload.fields.legal_person_id) : null
    if (upload.fields.legal_person_id && !mine.some((l) => Number(l.id) === askedId)) throw unprocessable({ legal_person_id: [m.api.legalPersonUnknown] })
    const accepted = await acceptEpoa(deps, upload.xml, upload.signature)
    const legal = mine.find((l) => (askedId === null || Number(l.id) === askedId) && l.inn === accepted.parsed.principal.inn)
    if (!legal) throw unprocessable({ file: [m.api.wrongPrincipal] })
    const row = await insertEpoa(db, { ...accepted, legalPersonId: Number(legal.id), userId: user.id, adminId: null })
    return c.json(one(row, true), 201)
  })

  app.post("/api/v1/lk/epoas/:id/revoke", director, async (c) => {
    const user = c.get("user")
    const row = await epoaByPublicId(db, c.req.param("id"))
    const mine = await legalPersonsOf(user.id)
    // Another principal's МЧД is not there for this director.
    if (!row || !mine.some((l) => l.inn === row.principal_inn)) throw notFound()
    const body = await readJson(c)
    const reason = reasonOf(body.reason)
    if (typeof body.password !== "string" || !(await verifyPassword(user.password_digest, body.password))) throw unprocessable({ password: [m.api.passwordWrong] })
    return c.json(one(await revokeEpoa(db, row, reason), true))
  })

  app.post(`${epoas.apiPath}/upload`, async (c) => {
    assertRole(c, epoas.roles)
    const upload = await receiveEpoa(c, deps)
    const accepted = await acceptEpoa(deps, upload.xml, upload.signature)
    const legal = await db.kysely.selectFrom("legal_persons").select("id").where("inn", "=", accepted.parsed.principal.inn).executeTakeFirst()
    const row = await insertEpoa(db, { ...accepted, legalPersonId: legal ? Number(legal.id) : null, userId: null, adminId: c.get("admin").id })
    await recordAudit(db.kysely, c, [{ resource: epoas.name, recordId: row.id, action: "create", after: { number: row.number, principal_inn: row.principal_inn, representative_name: row.representative_name } }])
    return c.json({ data: epoas.serialize(row as never) }, 201)
  })

  const fileOf = (kind: "xml" | "sig") =>
    app.get(`${epoas.apiPath}/:id/${kind}`, async (c) => {
      assertRole(c, epoas.roles)
      const id = asId(c.req.param("id"))
      const row = id === null ? undefined : await db.kysely.selectFrom("epoas").select(["number", "xml", "signature"]).where("id", "=", id).executeTakeFirst()
      if (!row) throw notFound()
      const headers = { "x-content-type-options": "nosniff", "cache-control": "private, no-store" }
      if (kind === "xml") return c.body(row.xml, 200, { ...headers, "content-type": "application/xml; charset=utf-8", "content-disposition": contentDisposition(`${row.number}.xml`) })
      return c.body(new Uint8Array(Buffer.from(row.signature, "base64")), 200, { ...headers, "content-type": "application/pkcs7-signature", "content-disposition": contentDisposition(`${row.number}.xml.sig`) })
    })
  fileOf("xml")
  fileOf("sig")
}

