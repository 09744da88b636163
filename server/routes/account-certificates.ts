import type { Hono } from "hono"
import type { Selectable } from "kysely"
import { ACCOUNT_CERTIFICATES_PER_PAGE_DEFAULT, ACCOUNT_CERTIFICATES_PER_PAGE_MAX, EXPIRY_BANNER_DAYS, PAGE_DEFAULT } from "../../schemas/constants.ts"
import { certificateMessages as m } from "../../schemas/messages/certificates.ts"
import { user_confirm_cert_frm } from "../../schemas/forms/user_confirm_cert_frm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { now } from "../db/index.ts"
import type { CertificatesTable } from "../db/schema.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { readPreset } from "../lib/forms.ts"
import { HttpError, notFound, unprocessable } from "../lib/http.ts"
import { accountKeys, createThrottle } from "../lib/throttle.ts"
import { requireUser } from "../lib/user-auth.ts"
import { checkPhoneCode, sendPhoneCode } from "../services/accounts.ts"
import { admitSms } from "../services/sms/send.ts"
import { createRenewalDraft, remoteRenewalAllowed } from "../services/certificate-renewal.ts"
import { parseCertificate } from "../services/pki/certificate.ts"
import type { NameAttribute } from "../services/pki/types.ts"

type CertificateRow = Selectable<CertificatesTable>

const DAY_MS = 24 * 60 * 60 * 1000

/** 'valid' | 'revoked' | 'suspended' as stored, or 'expired' once not_after has passed (a valid one only). */
export const stateOf = (row: Pick<CertificateRow, "status" | "not_after">, at = Date.now()): string =>
  row.status === "valid" && new Date(row.not_after).getTime() <= at ? "expired" : row.status

/** Whole days to not_after (negative once expired), as the list and the banner show them. */
export const daysLeft = (notAfter: string, at = Date.now()) => Math.ceil((new Date(notAfter).getTime() - at) / DAY_MS)

/** One certificate of the register as its holder reads it in the account (and on the myDSS page). */
export function serializeCertificate(row: CertificateRow) {
  const state = stateOf(row)
  const days = daysLeft(row.not_after)
  return {
    id: row.public_id,
    type: "certificate" as const,
    attributes: {
      serial: row.serial,
      thumbprint: row.thumbprint,
      owner: row.owner_org ?? row.owner_person ?? row.subject_dn,
      owner_person: row.owner_person,
      owner_org: row.owner_org,
      owner_kind: row.owner_kind,
      issuer: row.issuer_dn,
      not_before: row.not_before,
      not_after: row.not_after,
      status: state,
      status_label: m.statuses[state] ?? state,
      confirmed: row.confirmed_at !== null,
      confirmed_at: row.confirmed_at,
      key_storage: row.key_storage,
      key_storage_label: m.storages[row.key_storage] ?? row.key_storage,
      days_left: days,
      expiring: row.status !== "revoked" && Math.abs(days) <= EXPIRY_BANNER_DAYS,
    },
  }
}

const names = (attributes: readonly NameAttribute[]) => attributes.map((a) => ({ oid: a.oid, short: a.short, label: a.label, value: a.value }))

/** The readable fields of the DER (what the holder reads before confirming), or null when it cannot be parsed. */
function fieldsOf(row: CertificateRow) {
  try {
    const info = parseCertificate(Buffer.from(row.der, "base64"))
    return {
      subject: names(info.subject.attributes),
      subject_text: info.subject.text,
      issuer: names(info.issuer.attributes),
      issuer_text: info.issuer.text,
      public_key: info.publicKey.label,
      signature_algorithm: info.signatureAlgorithm.label,
      key_usage: [...info.keyUsage],
      extended_key_usage: info.extendedKeyUsage.map((u) => u.label),
      policies: info.policies.map((p) => p.label),
      qualified: info.qualified,
    }
  } catch {
    return null
  }
}

/** Page and per_page of the query: digits, else 422 (as the orders' list). */
function paging(page: string | undefined, perPage: string | undefined): { page: number; perPage: number } {
  const errors: Record<string, string[]> = {}
  const read = (raw: string | undefined, field: string, fallback: number, max: number) => {
    if (raw === undefined || raw === "") return fallback
    if (!/^[1-9]\d{0,6}$/.test(raw)) {
      errors[field] = [messages.validation.generic]
      return fallback
    }
    return Math.min(Number(raw), max)
  }
  const p = read(page, "page", PAGE_DEFAULT, Number.MAX_SAFE_INTEGER)
  const pp = read(perPage, "per_page", ACCOUNT_CERTIFICATES_PER_PAGE_DEFAULT, ACCOUNT_CERTIFICATES_PER_PAGE_MAX)
  if (Object.keys(errors).length > 0) throw unprocessable(errors)
  return { page: p, perPage: pp }
}

/** The phone-code purpose of confirming one certificate (phone_codes.purpose). */
export const certificatePurpose = (id: number) => `certificate:${id}` as const

/**
 * The customer's certificates (docs/account-certificates.md), all under `/api/v1/lk/certificates/`:
 * the register's rows whose `user_id` is the signed-in customer. Another customer's certificate is a 404,
 * as an unknown id. The confirmation of a certificate's contents (user_confirm_cert_frm) with an SMS code
 * and its log (`certificate_approvals`), the .cer, and 'Продлить' (a pre-filled order draft).
 */
export function accountCertificateRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const guard = requireUser(deps)
  const throttle = createThrottle(deps.db, deps.config)
  const own = async (userId: number, publicId: string): Promise<CertificateRow> => {
    if (!/^[0-9a-f]{1,64}$/.test(publicId)) throw notFound()
    const row = await k.selectFrom("certificates").selectAll().where("public_id", "=", publicId).where("user_id", "=", userId).executeTakeFirst()
    if (!row) throw notFound()
    return row
  }
  const log = (certificateId: number, userId: number, action: "code_sent" | "confirmed" | "code_failed", note: string | null = null) =>
    k.insertInto("certificate_approvals").values({ certificate_id: certificateId, user_id: userId, action, note, created_at: now() }).execute()

  app.get("/api/v1/lk/certificates", guard, async (c) => {
    const user = c.get("user")
    const { page, perPage } = paging(c.req.query("page"), c.req.query("per_page"))
    const total = Number((await k.selectFrom("certificates").select((eb) => eb.fn.countAll<number | string>().as("n")).where("user_id", "=", user.id).executeTakeFirstOrThrow()).n)
    const rows = await k
      .selectFrom("certificates")
      .selectAll()
      .where("user_id", "=", user.id)
      .orderBy("not_after", "desc")
      .orderBy("id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute()
    return c.json({ data: rows.map(serializeCertificate), meta: { total, page, total_pages: Math.max(1, Math.ceil(total / perPage)) } })
  })

  // The banner's certificates: not revoked, not_after within EXPIRY_BANNER_DAYS either side of now.
  app.get("/api/v1/lk/certificates/expiring", guard, async (c) => {
    const user = c.get("user")
    const at = Date.now()
    const rows = await k
      .selectFrom("certificates")
      .selectAll()
      .where("user_id", "=", user.id)
      .where("status", "!=", "revoked")
      .where("not_after", ">=", new Date(at - EXPIRY_BANNER_DAYS * DAY_MS).toISOString())
      .where("not_after", "<=", new Date(at + EXPIRY_BANNER_DAYS * DAY_MS).toISOString())
      .orderBy("not_after")
      .execute()
    return c.json({ data: rows.map((r) => ({ ...serializeCertificate(r), meta: { remote_renewal: remoteRenewalAllowed(r) } })) })
  })

  app.get("/api/v1/lk/certificates/:id", guard, async (c) => {
    const row = await own(c.get("user").id, c.req.param("id"))
    return c.json({ data: serializeCertificate(row), fields: fieldsOf(row), meta: { remote_renewal: remoteRenewalAllowed(row), has_order: row.order_id !== null } })
  })

  app.get("/api/v1/lk/certificates/:id/file", guard, async (c) => {
    const row = await own(c.get("user").id, c.req.param("id"))
    c.header("Content-Type", "application/pkix-cert")
    c.header("Content-Disposition", `attachment; filename="${row.serial}.cer"`)
    return c.body(Buffer.from(row.der, "base64"))
  })

  app.get("/api/v1/lk/certificates/:id/approvals", guard, async (c) => {
    const row = await own(c.get("user").id, c.req.param("id"))
    const rows = await k.selectFrom("certificate_approvals").select(["id", "action", "note", "created_at"]).where("certificate_id", "=", row.id).orderBy("id").execute()
    return c.json({
      data: rows.map((r) => ({ id: String(r.id), type: "certificate_approval" as const, attributes: { action: r.action, action_label: m.actions[r.action] ?? r.action, note: r.note, created_at: r.created_at } })),
    })
  })

  /** Only a certificate in force that is not yet confirmed can be confirmed (409 otherwise: not bad input). */
  const confirmable = (row: CertificateRow) => {
    if (row.confirmed_at !== null) throw new HttpError(409, { message: m.api.alreadyConfirmed })
    if (stateOf(row) !== "valid") throw new HttpError(409, { message: m.api.notConfirmable })
  }

  app.post("/api/v1/lk/certificates/:id/approval_code", guard, async (c) => {
    const user = c.get("user")
    const row = await own(user.id, c.req.param("id"))
    confirmable(row)
    await admitSms(c, deps, throttle, { userId: user.id, phone: user.mobile_phone, kind: certificatePurpose(row.id) })
    const sent = await sendPhoneCode(deps, user, certificatePurpose(row.id))
    await log(row.id, user.id, "code_sent", sent.phone)
    return c.json({ data: sent }, 201)
  })

  app.post("/api/v1/lk/certificates/:id/approve", guard, async (c) => {
    const user = c.get("user")
    const row = await own(user.id, c.req.param("id"))
    confirmable(row)
    const { values } = await readPreset(c, user_confirm_cert_frm)
    const keys = accountKeys(c, deps.config, user.id)
    await throttle.attempt("phone_code_check", keys)
    if (!(await checkPhoneCode(deps, user.id, certificatePurpose(row.id), String(values.phone_code)))) {
      await log(row.id, user.id, "code_failed")
      throw unprocessable({ phone_code: [m.api.wrongCode] })
    }
    await throttle.succeeded("phone_code_check", keys)
    const at = now()
    await k.transaction().execute(async (trx) => {
      await trx.updateTable("certificates").set({ confirmed_at: at, updated_at: at }).where("id", "=", row.id).where("confirmed_at", "is", null).execute()
      await trx.insertInto("certificate_approvals").values({ certificate_id: row.id, user_id: user.id, action: "confirmed", note: null, created_at: at }).execute()
    })
    return c.json({ data: serializeCertificate(await own(user.id, row.public_id)) })
  })

  app.post("/api/v1/lk/certificates/:id/renewal", guard, async (c) => {
    const user = c.get("user")
    const row = await own(user.id, c.req.param("id"))
    const made = await createRenewalDraft(deps.db, user, row)
    if ("errors" in made) throw unprocessable(made.errors)
    return c.json({ data: { order_id: String(made.orderId), remote: made.remote, identification: made.remote ? "remote" : "office", edit_url: `/orders/${made.orderId}/edit` } }, 201)
  })
}
