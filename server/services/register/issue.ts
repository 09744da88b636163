import { orderKindOf } from "../../../schemas/entities/order.ts"
import { orderMoveMessages } from "../../../schemas/messages/order-move.ts"
import { registerMessages as m } from "../../../schemas/messages/register.ts"
import type { Deps } from "../../lib/env.ts"
import { hashPassword } from "../../lib/passwords.ts"
import { identityCheckRequired } from "../../../schemas/identity-check.ts"
import { identityCheckComplete } from "../identity-check.ts"
import { moveOrder, OrderMoveError } from "../order-status.ts"
import { issueCertificate } from "../heavy-work.ts"
import { PkiInputError, type SubjectInput } from "../pki/types.ts"
import type { Ca } from "./ca.ts"
import { type AuditHook, type CertificateRow, RegisterError, registerCertificate } from "./register.ts"
import { periodOf, validUntil } from "./validity.ts"

/** The order's field holding the code word; its argon2id hash goes to the certificate, the word leaves the order. */
export const CODE_WORD_FIELD = "code_word"

const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined)
const digits = (v: unknown): string | undefined => text(v)?.replace(/\D/g, "") || undefined

/**
 * The certificate's subject from the order's application (the order_cert_* presets' fields), never
 * from the request's own subject: the holder's name, and by the applicant's kind the organisation
 * (company, INN ЮЛ, ОГРН, the holder's position and INN) or the entrepreneur (ОГРНИП, INN).
 */
export function subjectOfOrder(kind: string, data: Record<string, unknown>): SubjectInput {
  const surname = text(data.last_name)
  const givenNames = [text(data.first_name), text(data.middle_name)].filter(Boolean).join(" ")
  if (!surname || givenNames === "") throw new RegisterError("base", m.applicationIncomplete)
  const common = { surname, givenNames, ...(digits(data.snils) ? { snils: digits(data.snils)! } : {}), ...(text(data.email) ? { email: text(data.email)! } : {}) }
  if (kind === "legal_entity") {
    return {
      ...common,
      ...(text(data.company) ? { organization: text(data.company)! } : {}),
      ...(text(data.position) ? { title: text(data.position)! } : {}),
      ...(digits(data.inn) ? { innle: digits(data.inn)! } : {}),
      ...(digits(data.holder_inn) ? { inn: digits(data.holder_inn)! } : {}),
      ...(digits(data.ogrn) ? { ogrn: digits(data.ogrn)! } : {}),
    }
  }
  if (kind === "entrepreneur") {
    return { ...common, ...(digits(data.inn) ? { inn: digits(data.inn)! } : {}), ...(digits(data.ogrnip) ? { ogrnip: digits(data.ogrnip)! } : {}) }
  }
  return { ...common, ...(digits(data.inn) ? { inn: digits(data.inn)! } : {}) }
}

/**
 * 'Выпустить' (docs/register.md): the demo CA certifies the customer's PKCS#10 with the
 * subject of the order's application, the certificate enters the register (source 'issued', the
 * order's customer, the code word's hash) and the order moves to issued through moveOrder (the only
 * way an order becomes 'issued'; its history row names the staff member and the serial). Valid for the
 * period paid (validity.ts). All or nothing: a refused move removes the certificate it had registered. Then the code word leaves the
 * order's stored data (only its hash stays, on the certificate).
 */
export async function issueForOrder(deps: Deps, ca: Ca, orderId: number, csr: Uint8Array | string, adminUserId: number, audit?: AuditHook): Promise<CertificateRow> {
  const k = deps.db.kysely
  const order = await k.selectFrom("orders").select(["id", "status", "user_id", "preset", "applicant_kind", "identification", "data", "option_ids"]).where("id", "=", orderId).executeTakeFirst()
  if (!order) throw new RegisterError("base", "not found")
  if (order.status !== "ready_for_identification" || orderKindOf(String(order.preset)) !== "certificate") throw new RegisterError("status", m.orderNotReady)
  if (await k.selectFrom("certificates").select("id").where("order_id", "=", orderId).executeTakeFirst()) throw new RegisterError("status", m.orderHasCertificate)
  // 63-ФЗ, ст. 18: a person met in person is identified, each document confirmed, before anything is issued;
  // a remote order is identified by its qualified signature or biometrics instead.
  if (identityCheckRequired(order.identification) && !(await identityCheckComplete(deps.db, orderId))) throw new RegisterError("status", m.identityUnchecked)
  // The stored `data` is `{ values, period }` (server/services/orders.ts dataOf).
  let stored: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(String(order.data))
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>
  } catch {
    stored = {}
  }
  // Rows written before the wizard kept `values` (and tests' rows) hold the values at the top.
  const values = stored.values
  const nested = !!values && typeof values === "object" && !Array.isArray(values)
  const data: Record<string, unknown> = nested ? (values as Record<string, unknown>) : stored
  const subject = subjectOfOrder(String(order.applicant_kind), data)
  const months = periodOf(stored, await optionPeriods(deps, String(order.option_ids)))
  if (months === null) throw new RegisterError("status", m.periodUnknown)
  const notBefore = new Date()
  const notAfter = validUntil(notBefore, months, ca.certificate.notAfter)
  let info
  try {
    info = await issueCertificate(deps, ca, { csr, subject, notBefore, notAfter })
  } catch (err) {
    if (err instanceof PkiInputError) throw new RegisterError("csr", err.message)
    throw err
  }
  const word = text(data[CODE_WORD_FIELD])
  const codeWordHash = word ? await hashPassword(word) : null
  const row = await registerCertificate(deps.db, info, { source: "issued", userId: order.user_id, orderId, codeWordHash }, audit)
  try {
    const moved = await moveOrder(deps, orderId, "issued", { actor: "issuing", adminUserId, note: orderMoveMessages.history.issued(info.serial.toUpperCase()) })
    if (!moved.moved) throw new OrderMoveError(moved.from, "issued")
  } catch (err) {
    await k.deleteFrom("certificates").where("id", "=", row.id).execute()
    if (err instanceof OrderMoveError) throw new RegisterError("status", m.orderNotReady)
    throw err
  }
  if (word !== undefined) {
    const { [CODE_WORD_FIELD]: _word, ...rest } = data
    await k.updateTable("orders").set({ data: JSON.stringify(nested ? { ...stored, values: rest } : rest) }).where("id", "=", orderId).execute()
  }
  return row
}

/** The periods (months) of the order's certificate options. */
async function optionPeriods(deps: Deps, optionIds: string): Promise<Array<number | null>> {
  let ids: number[] = []
  try {
    const parsed: unknown = JSON.parse(optionIds)
    if (Array.isArray(parsed)) ids = parsed.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0)
  } catch {
    ids = []
  }
  if (ids.length === 0) return []
  const rows = await deps.db.kysely.selectFrom("tariff_options").select(["period", "kind"]).where("id", "in", ids).execute()
  return rows.filter((r) => r.kind === "certificate").map((r) => r.period)
}
