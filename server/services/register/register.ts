import { randomBytes } from "node:crypto"
import type { Kysely, Selectable, Transaction, Updateable } from "kysely"
import { CODE_WORD_ATTEMPTS } from "../../../schemas/constants.ts"
import { CERTIFICATE_HOLD, type CertificateSource, isRevocationReason } from "../../../schemas/entities/certificate.ts"
import { registerMessages as m } from "../../../schemas/messages/register.ts"
import { type Db, now } from "../../db/index.ts"
import type { CertificatesTable, Database } from "../../db/schema.ts"
import type { Deps } from "../../lib/env.ts"
import { verifyPassword } from "../../lib/passwords.ts"
import type { CertificateInfo } from "../pki/types.ts"
import type { Ca } from "./ca.ts"
import { rebuildCrl } from "./crl.ts"

export type CertificateRow = Selectable<CertificatesTable>
type Writer = Kysely<Database> | Transaction<Database>

/** A refused register change: the Russian message under the field it belongs to (the routes answer 422). */
export class RegisterError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
    this.name = "RegisterError"
  }
}

/** What the audit log is told of a change (the caller logs it in the change's transaction). */
export type AuditHook = (trx: Transaction<Database>, before: CertificateRow | null, after: CertificateRow) => Promise<void>

export interface RegisterOptions {
  readonly source: CertificateSource
  readonly userId?: number | null
  readonly orderId?: number | null
  readonly keyStorage?: "token" | "dss" | "file"
  readonly codeWordHash?: string | null
}

/** The register's columns of a parsed certificate: the owner read from the subject's attributes. */
export function columnsOf(info: CertificateInfo) {
  const s = info.subject
  const person = [s.surname, s.givenNames].filter((p): p is string => !!p && p.trim() !== "").join(" ").trim()
  return {
    serial: info.serial.toLowerCase(),
    thumbprint: info.thumbprint.toLowerCase(),
    issuer_dn: info.issuer.text,
    subject_dn: s.text,
    owner_kind: info.ownerKind,
    owner_person: person !== "" ? person : info.ownerKind === "legal_entity" ? null : s.commonName,
    owner_org: info.ownerKind === "legal_entity" ? (s.organization ?? s.commonName) : null,
    owner_inn: s.innle ?? s.inn,
    owner_ogrn: s.ogrn ?? s.ogrnip,
    owner_snils: s.snils,
    not_before: info.notBefore.toISOString(),
    not_after: info.notAfter.toISOString(),
    der: Buffer.from(info.der).toString("base64"),
  }
}

/**
 * Enters a parsed certificate into the register (status valid, a 128-bit random public id). The
 * same certificate twice (by its SHA-1 thumbprint) is refused: RegisterError('Сертификат уже есть в реестре').
 */
export async function registerCertificate(db: Db | Writer, info: CertificateInfo, options: RegisterOptions, audit?: AuditHook): Promise<CertificateRow> {
  const k = "kysely" in db ? db.kysely : db
  const columns = columnsOf(info)
  const taken = await k.selectFrom("certificates").select("id").where("thumbprint", "=", columns.thumbprint).executeTakeFirst()
  if (taken) throw new RegisterError("file", m.duplicate)
  const at = now()
  const insert = async (trx: Writer) =>
    trx
      .insertInto("certificates")
      .values({
        ...columns,
        public_id: randomBytes(16).toString("hex"),
        status: "valid",
        source: options.source,
        key_storage: options.keyStorage ?? "token",
        user_id: options.userId ?? null,
        order_id: options.orderId ?? null,
        code_word_hash: options.codeWordHash ?? null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  try {
    if (!audit) return await insert(k)
    return await (k as Kysely<Database>).transaction().execute(async (trx) => {
      const row = await insert(trx)
      await audit(trx, null, row)
      return row
    })
  } catch (err) {
    // Two imports of one file at once: the unique thumbprint refuses the second.
    if (await k.selectFrom("certificates").select("id").where("thumbprint", "=", columns.thumbprint).executeTakeFirst()) throw new RegisterError("file", m.duplicate)
    throw err
  }
}

type Change = (row: CertificateRow) => Updateable<CertificatesTable> | RegisterError

/**
 * One change of a certificate's status: the row is read (locked on PostgreSQL), checked, updated
 * with its status compared again, the CRL rebuilt and the audit written, all in one transaction.
 */
async function changeStatus(db: Db, ca: Ca, id: number, change: Change, audit?: AuditHook): Promise<CertificateRow> {
  return db.kysely.transaction().execute(async (trx) => {
    let q = trx.selectFrom("certificates").selectAll().where("id", "=", id)
    if (db.dialect === "postgres") q = q.forUpdate()
    const before = await q.executeTakeFirst()
    if (!before) throw new RegisterError("base", "not found")
    const values = change(before)
    if (values instanceof RegisterError) throw values
    const updated = await trx
      .updateTable("certificates")
      .set({ ...values, updated_at: now() })
      .where("id", "=", id)
      .where("status", "=", before.status)
      .returningAll()
      .executeTakeFirst()
    if (!updated) throw new RegisterError("status", m.alreadyRevoked)
    await rebuildCrl(trx, db.dialect, ca)
    await audit?.(trx, before, updated)
    return updated
  })
}

const expired = (row: CertificateRow) => new Date(row.not_after).getTime() < Date.now()

/** Revokes with an RFC 5280 reason (not certificateHold: that is a suspension). A suspended certificate may be revoked. */
export function revokeCertificate(db: Db, ca: Ca, id: number, reason: number, audit?: AuditHook): Promise<CertificateRow> {
  return changeStatus(
    db,
    ca,
    id,
    (row) => {
      if (!isRevocationReason(reason)) return new RegisterError("reason", m.reasonRequired)
      if (row.status === "revoked") return new RegisterError("status", m.alreadyRevoked)
      return { status: "revoked", revocation_reason: reason, revoked_at: now() }
    },
    audit,
  )
}

/** Suspends a valid certificate (certificateHold). */
export function suspendCertificate(db: Db, ca: Ca, id: number, audit?: AuditHook): Promise<CertificateRow> {
  return changeStatus(
    db,
    ca,
    id,
    (row) => (row.status !== "valid" ? new RegisterError("status", m.notValidToSuspend) : { status: "suspended", revocation_reason: CERTIFICATE_HOLD, revoked_at: now() }),
    audit,
  )
}

/** Resumes a suspended certificate: valid again and gone from the CRL. An expired one stays as it is. */
export function resumeCertificate(db: Db, ca: Ca, id: number, audit?: AuditHook): Promise<CertificateRow> {
  return changeStatus(
    db,
    ca,
    id,
    (row) => {
      if (row.status !== "suspended") return new RegisterError("status", m.notSuspended)
      if (expired(row)) return new RegisterError("status", m.expiredCannotResume)
      return { status: "valid", revocation_reason: null, revoked_at: null }
    },
    audit,
  )
}

/**
 * Suspension by the owner's phone call: the operator types the code word the owner says. A wrong
 * word counts (the count is raised by a conditional update, so parallel calls cannot skip it); the
 * CODE_WORD_ATTEMPTS-th wrong one and every call after it are refused and logged.
 */
export async function suspendByCodeWord({ db, log }: Pick<Deps, "db" | "log">, ca: Ca, id: number, word: string, audit?: AuditHook): Promise<CertificateRow> {
  const row = await db.kysely.selectFrom("certificates").selectAll().where("id", "=", id).executeTakeFirst()
  if (!row) throw new RegisterError("base", "not found")
  if (!row.code_word_hash) throw new RegisterError("vector", m.noCodeWord)
  if (row.code_word_failures >= CODE_WORD_ATTEMPTS) throw new RegisterError("vector", m.codeWordLocked)
  if (row.status !== "valid") throw new RegisterError("vector", m.notValidToSuspend)
  if (!(await verifyPassword(row.code_word_hash, word.trim()))) {
    const counted = await db.kysely
      .updateTable("certificates")
      .set((eb) => ({ code_word_failures: eb("code_word_failures", "+", 1) }))
      .where("id", "=", id)
      .where("code_word_failures", "<", CODE_WORD_ATTEMPTS)
      .returning(["code_word_failures"])
      .executeTakeFirst()
    const failures = counted ? Number(counted.code_word_failures) : CODE_WORD_ATTEMPTS
    log.warn({ certificateId: id, failures, of: CODE_WORD_ATTEMPTS }, "certificate: a wrong code word by phone")
    throw new RegisterError("vector", failures >= CODE_WORD_ATTEMPTS ? m.codeWordLocked : m.codeWordWrong(CODE_WORD_ATTEMPTS - failures))
  }
  return suspendCertificate(db, ca, id, audit)
}

/** A row as the audit log keeps it: without the DER (long) and the code word's hash (a secret). */
export const auditRow = (row: CertificateRow | null): Record<string, unknown> | null => {
  if (!row) return null
  const { der: _der, code_word_hash, ...rest } = row
  return { ...rest, code_word_hash: code_word_hash ? "***" : null }
}
