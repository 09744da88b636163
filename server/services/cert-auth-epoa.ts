import type { EpoaChoice } from "../../schemas/entities/signer.ts"
import type { Db } from "../db/index.ts"
import { epoasForRepresentative } from "./epoa/registry.ts"
import type { CertificateInfo } from "./pki/types.ts"

/**
 * The МЧД in force issued to the certificate's holder: the registry's own query (server/services/epoa/)
 * with the subject's SNILS and the person's INN (an employee's certificate carries both).
 */
export async function epoasForCertificate(db: Db, cert: CertificateInfo): Promise<EpoaChoice[]> {
  const rows = await epoasForRepresentative(db, { snils: cert.subject.snils, inn: cert.subject.inn })
  return rows.map((r) => ({ id: String(r.id), number: r.number, principal_org: r.principal_org, principal_inn: r.principal_inn, valid_until: r.valid_until }))
}

/** The chosen МЧД when it is in force and the signer's own; else null. */
export async function epoaForSigner(db: Db, id: number, cert: CertificateInfo): Promise<EpoaChoice | null> {
  return (await epoasForCertificate(db, cert)).find((e) => e.id === String(id)) ?? null
}
