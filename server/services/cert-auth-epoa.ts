import { type Db, now } from "../db/index.ts"
import type { CertificateInfo } from "./pki/types.ts"

/** A power of attorney as choose_certificate_epoa_frm offers it (source `epoas`). */
export interface EpoaChoice {
  readonly id: string
  readonly number: string
  readonly principal_org: string
  readonly principal_inn: string
  readonly valid_until: string
}

/** The holder's identifiers in a certificate: SNILS and the person's INN (an employee's certificate carries both). */
const holderOf = (cert: CertificateInfo) => ({ snils: cert.subject.snils, inn: cert.subject.inn })

/**
 * The МЧД in force issued to the certificate's holder (representative's SNILS or INN): the registry's
 * rows (server/services/epoa/ fills them), status active, today within their validity.
 */
function inForce(db: Db, cert: CertificateInfo) {
  const { snils, inn } = holderOf(cert)
  const at = now()
  return db.kysely
    .selectFrom("epoas")
    .select(["id", "number", "principal_org", "principal_inn", "valid_until"])
    .where("status", "=", "active")
    .where("valid_from", "<=", at)
    .where("valid_until", ">", at)
    .where((eb) => {
      const matches = [eb("id", "=", -1)]
      if (snils) matches.push(eb("representative_snils", "=", snils))
      if (inn) matches.push(eb("representative_inn", "=", inn))
      return eb.or(matches)
    })
}

const choiceOf = (r: { id: number; number: string; principal_org: string; principal_inn: string; valid_until: string }): EpoaChoice => ({
  id: String(r.id),
  number: r.number,
  principal_org: r.principal_org,
  principal_inn: r.principal_inn,
  valid_until: r.valid_until,
})

export async function epoasForCertificate(db: Db, cert: CertificateInfo): Promise<EpoaChoice[]> {
  return (await inForce(db, cert).orderBy("valid_until", "desc").limit(100).execute()).map(choiceOf)
}

/** The chosen МЧД when it is in force and the signer's own; else null. */
export async function epoaForSigner(db: Db, id: number, cert: CertificateInfo): Promise<EpoaChoice | null> {
  const row = await inForce(db, cert).where("id", "=", id).executeTakeFirst()
  return row ? choiceOf(row) : null
}
