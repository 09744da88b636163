import type { Selectable } from "kysely"
import { type Db, now } from "../db/index.ts"
import type { CertificatesTable } from "../db/schema.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import { firstEvent } from "./order-status.ts"
import { bodyOf, columnsOf, newPublicId, readOrder } from "./orders.ts"
import { parseCertificate } from "./pki/certificate.ts"

/**
 * 'Продлить' (docs/account-certificates.md): a new server draft of the order wizard, pre-filled from the
 * certificate's own order (the same tariff, period, extras and applicant data) or, for a certificate
 * without an order, from the certificate's subject. Remote when the law allows it (63-FZ art. 18 p. 1.1:
 * the applicant identifies with a valid qualified certificate of their own), else in person.
 */

type CertificateRow = Selectable<CertificatesTable>

/** Remote renewal: the certificate is in force now (not revoked, suspended or expired) and qualified. */
export function remoteRenewalAllowed(row: Pick<CertificateRow, "status" | "not_after" | "der">, at: Date = new Date()): boolean {
  if (row.status !== "valid" || new Date(row.not_after).getTime() <= at.getTime()) return false
  try {
    return parseCertificate(Buffer.from(row.der, "base64")).qualified
  } catch {
    return false
  }
}

/** The subject of the stored DER, or null when it cannot be read (the owner columns serve then). */
function subjectOf(der: string): ReturnType<typeof parseCertificate>["subject"] | null {
  try {
    return parseCertificate(Buffer.from(der, "base64")).subject
  } catch {
    return null
  }
}

/** The applicant data a certificate's subject (and the stored owner columns) give, by the preset's field names. */
function subjectBody(row: CertificateRow, user: { email: string; mobile_phone: string }): Record<string, unknown> {
  const dn = subjectOf(row.der)
  const [last = "", first = "", ...middle] = (row.owner_person ?? "").split(/\s+/).filter(Boolean)
  const names = { last_name: dn?.surname ?? last, first_name: dn?.givenNames?.split(/\s+/)[0] ?? first, middle_name: dn?.givenNames?.split(/\s+/).slice(1).join(" ") ?? middle.join(" ") }
  const common = { ...names, snils: row.owner_snils ?? dn?.snils ?? "", email: dn?.email ?? user.email, phone: user.mobile_phone }
  if (row.owner_kind === "legal_entity")
    return { ...common, company: row.owner_org ?? dn?.organization ?? "", inn: dn?.innle ?? row.owner_inn ?? "", ogrn: row.owner_ogrn ?? "", holder_inn: dn?.inn ?? "", position: dn?.title ?? "" }
  if (row.owner_kind === "entrepreneur")
    return { ...common, company: row.owner_org ?? `ИП ${row.owner_person ?? ""}`.trim(), inn: dn?.inn ?? row.owner_inn ?? "", ogrnip: dn?.ogrnip ?? row.owner_ogrn ?? "" }
  return { ...common, inn: dn?.inn ?? row.owner_inn ?? "" }
}

/** The identification part of the body: remote by the valid qualified signature, or in person at an office. */
function withIdentification(body: Record<string, unknown>, remote: boolean, keyStorage: string): Record<string, unknown> {
  const out = { ...body }
  if (remote) {
    out.identification = "remote"
    out.remote_method = "qes"
    if (keyStorage === "token" || keyStorage === "dss") out.key_storage ??= keyStorage
    delete out.office_id
    delete out.visit_address
  } else {
    if (out.identification === "remote" || out.identification === undefined) out.identification = "office"
    delete out.remote_method
    delete out.delivery_address
  }
  return out
}

/**
 * Creates the renewal draft and answers its id. A value the current catalogue or rules no longer take
 * (an unpublished tariff, a period no longer sold) is left out of the draft rather than refusing it: the
 * wizard asks for it again. Fails with the errors only if the draft cannot be read at all.
 */
export async function createRenewalDraft(
  db: Db,
  user: { id: number; email: string; mobile_phone: string },
  row: CertificateRow,
): Promise<{ orderId: number; remote: boolean } | { errors: FieldErrors }> {
  const k = db.kysely
  const remote = remoteRenewalAllowed(row)
  const order = row.order_id === null ? undefined : await k.selectFrom("orders").selectAll().where("id", "=", row.order_id).where("user_id", "=", user.id).executeTakeFirst()
  let body = withIdentification(order ? bodyOf(order) : { applicant_kind: row.owner_kind, ...subjectBody(row, user) }, remote, row.key_storage)
  let read = await readOrder(db, user.id, body, false)
  for (let attempt = 0; attempt < 3 && "errors" in read; attempt++) {
    const failing = Object.keys(read.errors)
    if (failing.includes("applicant_kind")) break
    body = { ...body }
    for (const name of failing) delete body[name]
    if (failing.includes("tariff_id") || failing.includes("period")) {
      delete body.tariff_id
      delete body.period
    }
    read = await readOrder(db, user.id, body, false)
  }
  if ("errors" in read) return { errors: read.errors }
  const at = now()
  const columns = await columnsOf(db, read.input)
  const orderId = await k.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("orders")
      .values({ ...columns, public_id: newPublicId(), user_id: user.id, legal_person_id: order?.legal_person_id ?? null, status: "draft", submitted_at: null, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
    await trx.insertInto("order_events").values(firstEvent(inserted.id, "draft", at)).execute()
    return inserted.id
  })
  return { orderId, remote }
}
