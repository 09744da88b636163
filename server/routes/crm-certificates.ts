import type { Context, Hono } from "hono"
import { CERT_IMPORT_MAX_BYTES, CERT_IMPORT_MAX_FILES, CSR_MAX_BYTES } from "../../schemas/constants.ts"
import { auth_vector_frm } from "../../schemas/forms/auth_vector_frm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { registerMessages as m } from "../../schemas/messages/register.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { validityOf } from "../../schemas/entities/certificate.ts"
import { certificates, REVOKE_PREFIX } from "../../schemas/resources/certificates.ts"
import { orders } from "../../schemas/resources/orders/index.ts"
import { ORDER_ROLES } from "../../schemas/roles.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import { assertRole } from "../lib/admin-auth.ts"
import { recordAudit } from "../lib/audit.ts"
import type { Row, ServerHooks } from "../lib/crud.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { HttpError, idParam, notFound, readJson, unprocessable } from "../lib/http.ts"
import { parseCertificate } from "../services/pki/certificate.ts"
import { PkiInputError, type CertificateInfo } from "../services/pki/types.ts"
import { caOf } from "../services/register/ca.ts"
import { issueForOrder } from "../services/register/issue.ts"
import {
  type AuditHook,
  type CertificateRow,
  RegisterError,
  registerCertificate,
  resumeCertificate,
  revokeCertificate,
  suspendByCodeWord,
  suspendCertificate,
} from "../services/register/register.ts"

/** A register row as the CRM reads it: whether it has a code word, and its status computed now (valid, expiring, expired, revoked, suspended). */
export function shownCertificate(row: Row) {
  const record = certificates.serialize(row)
  return { ...record, attributes: { ...record.attributes, has_code_word: typeof row.code_word_hash === "string", validity: validityOf(String(row.status), String(row.not_after)) } }
}

/** A refused register change as the house's 422 (an unknown row: 404). */
export function asHttp(err: unknown): unknown {
  if (err instanceof RegisterError) return err.message === "not found" ? notFound() : unprocessable({ [err.field]: [err.message] })
  return err
}

/** The audit of a register change by the signed-in staff member (crud.ts leaves the code word's hash out). */
const auditBy =
  (c: Context<AppEnv>, resource = certificates.name): AuditHook =>
  async (trx, before, after) =>
    recordAudit(trx, c, [{ resource, recordId: after.id, action: before ? "update" : "create", before, after }])

/**
 * The request's body, at most `max` bytes, read once (a bigger upload is refused as soon as it
 * passes the cap, so 30 MB of garbage costs no more than `max`), then parsed as multipart.
 */
async function smallForm(c: Context<AppEnv>, max: number, field: string): Promise<FormData> {
  const type = c.req.header("content-type") ?? ""
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw unprocessable({ [field]: [requestMessages.badMultipart] })
  const declared = Number(c.req.header("content-length") ?? "0")
  if (declared > max) throw unprocessable({ [field]: [m.fileTooLarge] })
  const reader = c.req.raw.body?.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > max) {
        await reader.cancel().catch(() => {})
        throw unprocessable({ [field]: [m.fileTooLarge] })
      }
      chunks.push(value)
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { "content-type": type } }).formData()
  } catch {
    throw unprocessable({ [field]: [requestMessages.badMultipart] })
  }
}

const isFile = (v: unknown): v is File => typeof v === "object" && v !== null && typeof (v as File).arrayBuffer === "function"

/** 'Реестр сертификатов' (schemas/resources/certificates.ts): the CRM's answer and its status moves. */
export const certificateHooks: ServerHooks = {
  serialize: async (_db, rows: Row[]) =>
    rows.map((row) => {
      return shownCertificate(row)
    }),
  detail: async (db, row) => {
    const user = row.user_id === null ? undefined : await db.kysely.selectFrom("users").select("email").where("id", "=", Number(row.user_id)).executeTakeFirst()
    return { subject_dn: String(row.subject_dn), issuer_dn: String(row.issuer_dn), thumbprint: String(row.thumbprint), owner_email: user?.email ?? null }
  },
  // crud.ts logs the row before and after in the audit log.
  transition: async (deps, _c, id, value) => {
    const ca = await caOf(deps.config)
    try {
      if (value === "suspend") await suspendCertificate(deps.db, ca, id)
      else if (value === "resume") await resumeCertificate(deps.db, ca, id)
      else if (value.startsWith(REVOKE_PREFIX) && /^\d{1,2}$/.test(value.slice(REVOKE_PREFIX.length))) await revokeCertificate(deps.db, ca, id, Number(value.slice(REVOKE_PREFIX.length)))
      else throw unprocessable({ action: [messages.validation.select] })
    } catch (err) {
      throw asHttp(err)
    }
  },
}

/**
 * The register's calls beyond the declaration (docs/register.md), for operators and administrators:
 * - `POST /api/v2/crm/certificates/import/` (multipart, `files`, one or more .cer, DER or PEM): all or
 *   nothing: every file parsed and checked first (422 `files` naming each bad file), then registered;
 * - `POST /api/v2/crm/certificates/{id}/phone_suspend/` `{ vector }` (auth_vector_frm): the suspension
 *   by the owner's call, the code word checked against its argon2id hash; 3 wrong ones lock it;
 * - `POST /api/v2/crm/orders/{id}/issue/` (multipart `csr`, or JSON `{ csr }` PEM/Base64): 'Выпустить'.
 */
export function crmCertificateRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely

  app.post(`${certificates.apiPath}/import`, async (c) => {
    assertRole(c, certificates.roles)
    const form = await smallForm(c, CERT_IMPORT_MAX_FILES * (CERT_IMPORT_MAX_BYTES + 1024), "files")
    const files = form.getAll("files").filter(isFile)
    if (files.length === 0) throw unprocessable({ files: [m.noFiles] })
    if (files.length > CERT_IMPORT_MAX_FILES) throw unprocessable({ files: [m.tooManyFiles(CERT_IMPORT_MAX_FILES)] })
    const problems: string[] = []
    const parsed: CertificateInfo[] = []
    const seen = new Set<string>()
    for (const file of files) {
      const name = file.name || "файл"
      if (file.size > CERT_IMPORT_MAX_BYTES) {
        problems.push(`${name}: ${m.fileTooLarge}`)
        continue
      }
      try {
        const info = parseCertificate(new Uint8Array(await file.arrayBuffer()))
        const taken = seen.has(info.thumbprint) || (await k.selectFrom("certificates").select("id").where("thumbprint", "=", info.thumbprint.toLowerCase()).executeTakeFirst())
        if (taken) problems.push(`${name}: ${m.duplicate}`)
        else {
          seen.add(info.thumbprint)
          parsed.push(info)
        }
      } catch (err) {
        if (!(err instanceof PkiInputError)) deps.log.warn({ type: (err as Error).name }, "certificate import: a file could not be parsed")
        problems.push(`${name}: ${err instanceof PkiInputError ? err.message : m.notCertificate}`)
      }
    }
    if (problems.length > 0) throw unprocessable({ files: problems })
    const rows: CertificateRow[] = []
    try {
      await k.transaction().execute(async (trx) => {
        for (const info of parsed) rows.push(await registerCertificate(trx, info, { source: "imported" }))
        for (const row of rows) await recordAudit(trx, c, [{ resource: certificates.name, recordId: row.id, action: "create", after: row }])
      })
    } catch (err) {
      throw asHttp(err)
    }
    return c.json({ data: rows.map((row) => shownCertificate(row)), meta: { imported_count: rows.length } }, 201)
  })

  app.post(`${certificates.apiPath}/:id/phone_suspend`, async (c) => {
    assertRole(c, certificates.roles)
    const id = idParam(c)
    const result = validatePresetInput(auth_vector_frm, await readJson(c))
    if (!result.ok) throw unprocessable(result.errors)
    try {
      const row = await suspendByCodeWord(deps, await caOf(deps.config), id, String(result.value.vector), auditBy(c))
      return c.json({ data: shownCertificate(row) })
    } catch (err) {
      throw asHttp(err)
    }
  })

  app.post(`${orders.apiPath}/:id/issue`, async (c) => {
    assertRole(c, ORDER_ROLES)
    const id = idParam(c)
    let csr: Uint8Array | string | null = null
    if ((c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      const file = (await smallForm(c, CSR_MAX_BYTES + 2048, "csr")).get("csr")
      if (isFile(file)) csr = new Uint8Array(await file.arrayBuffer())
    } else {
      const body = await readJson(c)
      if (typeof body.csr === "string" && body.csr.trim() !== "") csr = body.csr
    }
    if (csr === null || (typeof csr !== "string" && csr.byteLength === 0)) throw unprocessable({ csr: [m.csrRequired] })
    if ((typeof csr === "string" ? csr.length : csr.byteLength) > CSR_MAX_BYTES) throw unprocessable({ csr: [m.fileTooLarge] })
    try {
      const row = await issueForOrder(deps, await caOf(deps.config), id, csr, c.get("admin").id, auditBy(c))
      return c.json({ data: shownCertificate(row) }, 201)
    } catch (err) {
      if (err instanceof HttpError) throw err
      throw asHttp(err)
    }
  })
}
