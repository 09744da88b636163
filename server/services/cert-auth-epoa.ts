import { CERT_SIGNATURE_MAX_CHARS } from "../../schemas/constants.ts"
import type { EpoaChoice } from "../../schemas/entities/signer.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"
import type { Db } from "../db/index.ts"
import type { Deps } from "../lib/env.ts"
import { HttpError, unprocessable } from "../lib/http.ts"
import { spendChallenge, verifiedSigner } from "./cert-auth.ts"
import { epoasForRepresentative } from "./epoa/registry.ts"
import { parseCertificate } from "./pki/certificate.ts"
import { type CertificateInfo, PkiInputError } from "./pki/types.ts"

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

/** What the source `epoas` posts: a certificate (Base64 DER or PEM), and/or a signed `epoas` challenge. */
export interface EpoaLookup {
  readonly certificate: string
  readonly challengeId: number | null
  readonly signature: string
}

const forbidden = (message: string) => new HttpError(403, { error: message })

/**
 * The МЧД of a certificate's holder, for the caller only when the certificate is provably the
 * caller's (docs/signer.md): bound to this account, or trusted with its key's signature over this
 * account's one-time `epoas` challenge. A subject's SNILS is anyone's to type into a self-made
 * certificate, and a real certificate travels in every signature its holder sends, so neither alone
 * names who asks. Unreadable input is 422; any certificate not proven the caller's is 403 with
 * nothing of the registry in the answer.
 */
export async function epoasOfCaller(deps: Pick<Deps, "db" | "workers">, userId: number, input: EpoaLookup): Promise<EpoaChoice[]> {
  const db = deps.db
  if (input.certificate.length > CERT_SIGNATURE_MAX_CHARS) throw unprocessable({ certificate: [t.certificateRequired] })
  if (input.signature.length > CERT_SIGNATURE_MAX_CHARS) throw unprocessable({ signature: [t.signatureNotCms] })
  let posted: CertificateInfo | null = null
  if (input.certificate) {
    try {
      posted = parseCertificate(input.certificate)
    } catch (err) {
      if (err instanceof PkiInputError) throw unprocessable({ certificate: [err.message] })
      throw err
    }
  }
  if (!input.signature) {
    if (!posted) throw unprocessable({ certificate: [t.certificateRequired] })
    const bound = await db.kysely.selectFrom("certificate_bindings").select("der").where("user_id", "=", userId).where("thumbprint", "=", posted.thumbprint).executeTakeFirst()
    if (!bound) throw forbidden(t.epoaCertificateNotOwn)
    // The bound bytes, not the posted ones: the binding verified those.
    return epoasForCertificate(db, parseCertificate(bound.der))
  }
  const signer = await provenSigner(deps, userId, input)
  if (posted && posted.thumbprint !== signer.thumbprint) throw forbidden(t.epoaOtherSigner)
  return epoasForCertificate(db, signer)
}

/**
 * The signer of this account's `epoas` challenge (spent once, whatever follows), checked as the
 * binding checks it; every refusal becomes 403 with its Russian reason.
 */
async function provenSigner(deps: Pick<Deps, "db" | "workers">, userId: number, input: EpoaLookup): Promise<CertificateInfo> {
  try {
    const challenge = await spendChallenge(deps.db, input.challengeId, "epoas", userId)
    return await verifiedSigner(deps, input.signature, challenge.nonce)
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 422) throw err
    const errors = (err.body.errors ?? {}) as Record<string, readonly string[]>
    throw forbidden(Object.values(errors).flat()[0] ?? t.epoaCertificateNotOwn)
  }
}
