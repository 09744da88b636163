import { randomBytes } from "node:crypto"
import { EPOA_REVOKED_PER_PAGE } from "../../../schemas/constants.ts"
import { moscowDayBounds, moscowToday } from "../../../schemas/dates.ts"
import type { EpoaAttributes, EpoaPowerView, EpoaStatus } from "../../../schemas/entities/epoa.ts"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { type Db, now } from "../../db/index.ts"
import type { EpoasTable } from "../../db/schema.ts"
import { unprocessable } from "../../lib/http.ts"
import type { ParsedEpoa } from "./parse.ts"

/** A stored row as the services read it (ids as numbers whichever the database). */
export type EpoaRow = Omit<EpoasTable, "id" | "status"> & { id: number; status: string }

/** 'отозвана' when revoked; 'истекла' once the day after СрокДейст has come; else 'действует'. */
export function statusOf(row: Pick<EpoaRow, "status" | "valid_until">, today: string = moscowToday()): EpoaStatus {
  if (row.status === "revoked") return "revoked"
  return row.valid_until < today ? "expired" : "active"
}

/** СНИЛС shown to a searcher who typed it: only the last five digits ('***-***-445 95'). */
export const maskSnils = (s: string | null) => (s && s.length === 11 ? `***-***-${s.slice(6, 9)} ${s.slice(9)}` : null)
/** An INN shown masked: its last four digits. */
export const maskInn = (s: string | null) => (s ? `${"*".repeat(Math.max(0, s.length - 4))}${s.slice(-4)}` : null)
/** A person's name as the public answers give it: the surname and initials ('Иванов И. И.'). */
export const shortName = (name: string) => {
  const [surname, ...rest] = name.trim().split(/\s+/)
  return [surname, ...rest.map((p) => `${p[0]}.`)].join(" ")
}

const powersOf = (row: Pick<EpoaRow, "powers">): EpoaPowerView[] => {
  try {
    const list = JSON.parse(row.powers) as unknown
    return Array.isArray(list) ? (list as EpoaPowerView[]) : []
  } catch {
    return []
  }
}

/**
 * The public view of an МЧД: status, validity, the principal (an organisation's data is public), the
 * signatory and the representative by surname and initials, the representative's СНИЛС and ИНН masked,
 * the powers. `full` (staff, the principal's director) adds the unmasked representative.
 */
export function epoaView(row: EpoaRow, full = false, today: string = moscowToday()): { id: string; type: "epoa"; attributes: EpoaAttributes } {
  const status = statusOf(row, today)
  return {
    id: row.public_id,
    type: "epoa",
    attributes: {
      number: row.number,
      format_version: row.format_version,
      status,
      status_label: epoaMessages.status[status],
      issued_on: row.issued_on,
      valid_from: row.valid_from,
      valid_until: row.valid_until,
      principal: { name: row.principal_org, inn: row.principal_inn, ogrn: row.principal_ogrn, kpp: row.principal_kpp, signatory: row.signatory_name ? (full ? row.signatory_name : shortName(row.signatory_name)) : null },
      representative: full
        ? { name: row.representative_name, snils: row.representative_snils, inn: row.representative_inn }
        : { name: shortName(row.representative_name), snils: maskSnils(row.representative_snils), inn: maskInn(row.representative_inn) },
      powers: powersOf(row),
      revoked_at: row.revoked_at,
      revoke_reason: full ? row.revoke_reason : null,
    },
  }
}

const norm = <T extends { id: number | string }>(r: T) => ({ ...r, id: Number(r.id) })
const all = (db: Db) => db.kysely.selectFrom("epoas").selectAll()

export interface NewEpoa {
  readonly parsed: ParsedEpoa
  readonly xml: string
  readonly signatureBase64: string
  readonly signatureReport: unknown
  readonly legalPersonId: number | null
  readonly userId: number | null
  readonly adminId: number | null
}

/** Stores a checked МЧД; a number already in the registry is a 422 (the unique index settles a race the same way). */
export async function insertEpoa(db: Db, e: NewEpoa): Promise<EpoaRow> {
  const p = e.parsed
  if (await db.kysely.selectFrom("epoas").select("id").where("number", "=", p.number).executeTakeFirst()) throw unprocessable({ file: [epoaMessages.api.duplicate] })
  const at = now()
  try {
    const row = await db.kysely
      .insertInto("epoas")
      .values({
        public_id: randomBytes(16).toString("hex"),
        number: p.number,
        format_version: p.formatVersion,
        principal_org: p.principal.name,
        principal_inn: p.principal.inn,
        principal_ogrn: p.principal.ogrn,
        principal_kpp: p.principal.kpp,
        signatory_name: p.principal.signatoryName,
        representative_name: p.representative.name,
        representative_snils: p.representative.snils,
        representative_inn: p.representative.inn,
        issued_on: p.issuedOn,
        valid_from: p.validFrom,
        valid_until: p.validUntil,
        powers: JSON.stringify(p.powers),
        status: "active",
        xml: e.xml,
        signature: e.signatureBase64,
        signature_report: JSON.stringify(e.signatureReport),
        legal_person_id: e.legalPersonId,
        uploaded_by_user_id: e.userId,
        uploaded_by_admin_id: e.adminId,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return norm(row)
  } catch (err) {
    if (await db.kysely.selectFrom("epoas").select("id").where("number", "=", p.number).executeTakeFirst()) throw unprocessable({ file: [epoaMessages.api.duplicate] })
    throw err
  }
}

export async function epoaByPublicId(db: Db, publicId: string): Promise<EpoaRow | null> {
  if (!/^[0-9a-f]{32}$/.test(publicId)) return null
  const row = await all(db).where("public_id", "=", publicId).executeTakeFirst()
  return row ? norm(row) : null
}

/** The tax service's check by the principal: the number and the principal's INN (and its ОГРН when given) must all match. */
export async function findByPrincipal(db: Db, q: { number: string; inn: string; ogrn?: string | null }): Promise<EpoaRow | null> {
  let query = all(db).where("number", "=", q.number.trim().toLowerCase()).where("principal_inn", "=", q.inn.trim())
  if (q.ogrn) query = query.where("principal_ogrn", "=", q.ogrn.trim())
  const row = await query.executeTakeFirst()
  return row ? norm(row) : null
}

/** The check by the representative: the number and the representative's СНИЛС and/or ИНН, each given one matching. */
export async function findByRepresentative(db: Db, q: { number: string; snils?: string | null; inn?: string | null }): Promise<EpoaRow | null> {
  const snils = q.snils?.replace(/\D/g, "") || null
  const inn = q.inn?.trim() || null
  if (!snils && !inn) return null
  let query = all(db).where("number", "=", q.number.trim().toLowerCase())
  if (snils) query = query.where("representative_snils", "=", snils)
  if (inn) query = query.where("representative_inn", "=", inn)
  const row = await query.executeTakeFirst()
  return row ? norm(row) : null
}

export interface RevokedFilter {
  readonly number?: string | null
  readonly principalInn?: string | null
  /** 'yyyy-mm-dd', inclusive. */
  readonly from?: string | null
  readonly to?: string | null
  readonly page: number
}

/** The revoked list (epoa_revoked_frm): newest revocation first, EPOA_REVOKED_PER_PAGE a page. */
export async function revokedEpoas(db: Db, f: RevokedFilter): Promise<{ rows: EpoaRow[]; total: number }> {
  let q = db.kysely.selectFrom("epoas").where("status", "=", "revoked")
  if (f.number) q = q.where("number", "=", f.number.trim().toLowerCase())
  if (f.principalInn) q = q.where("principal_inn", "=", f.principalInn.trim())
  // revoked_at is an ISO instant; the days are Moscow's, as the list shows its dates.
  if (f.from) q = q.where("revoked_at", ">=", moscowDayBounds(f.from).from)
  if (f.to) q = q.where("revoked_at", "<=", moscowDayBounds(f.to).to)
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n)
  const rows = await q
    .selectAll()
    .orderBy("revoked_at", "desc")
    .orderBy("id", "desc")
    .limit(EPOA_REVOKED_PER_PAGE)
    .offset((f.page - 1) * EPOA_REVOKED_PER_PAGE)
    .execute()
  return { rows: rows.map(norm), total }
}

/** Revokes an МЧД (once: an already revoked one is a 422), with the reason and the instant. */
export async function revokeEpoa(db: Db, row: EpoaRow, reason: string, at: string = now()): Promise<EpoaRow> {
  const updated = await db.kysely
    .updateTable("epoas")
    .set({ status: "revoked", revoked_at: at, revoke_reason: reason, updated_at: at })
    .where("id", "=", row.id)
    .where("status", "!=", "revoked")
    .returningAll()
    .executeTakeFirst()
  if (!updated) throw unprocessable({ base: [epoaMessages.api.notRevocable] })
  return norm(updated)
}

/** The МЧД of a legal person (its director's account). */
export async function epoasOfLegalPersons(db: Db, inns: readonly string[]): Promise<EpoaRow[]> {
  if (inns.length === 0) return []
  const rows = await all(db).where("principal_inn", "in", inns).orderBy("issued_on", "desc").orderBy("id", "desc").execute()
  return rows.map(norm)
}

/**
 * The holder's МЧД in force, for choose_certificate_epoa_frm (source `epoas`; SIGNER calls this with
 * the chosen certificate's СНИЛС and ИНН): not revoked, not expired, matching the СНИЛС, or the ИНН
 * when the certificate has no СНИЛС. Newest first.
 */
export async function epoasForRepresentative(db: Db, who: { snils?: string | null; inn?: string | null }, today: string = moscowToday()): Promise<EpoaRow[]> {
  const snils = who.snils?.replace(/\D/g, "") || null
  const inn = who.inn?.trim() || null
  if (!snils && !inn) return []
  let q = all(db).where("status", "=", "active").where("valid_until", ">=", today).where("valid_from", "<=", today)
  q = snils ? q.where("representative_snils", "=", snils) : q.where("representative_inn", "=", inn)
  const rows = await q.orderBy("issued_on", "desc").orderBy("id", "desc").execute()
  return rows.map(norm)
}
