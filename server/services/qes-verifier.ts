import { qesMessages } from "../../schemas/qes-messages.ts"
import type { Db } from "../db/index.ts"
import { challengeBytes } from "./cert-auth.ts"
import { verifyCms } from "./pki/cms.ts"
import { trustStoreOf } from "./pki/trust.ts"
import { type CertificateInfo, PkiInputError } from "./pki/types.ts"
import type { QesApplicant, QesVerdict, QesVerifier } from "./qes.ts"

const t = qesMessages.api

const digits = (s: string | null | undefined) => (s ?? "").replace(/\D/g, "")
/** Surnames compared case-insensitively, ё as е, spaces and hyphens' surroundings ignored. */
export const sameSurname = (a: string | null | undefined, b: string | null | undefined) => {
  const norm = (s: string | null | undefined) => (s ?? "").trim().toLocaleLowerCase("ru-RU").replace(/ё/g, "е").replace(/\s*-\s*/g, "-").replace(/\s+/g, " ")
  return norm(a) !== "" && norm(a) === norm(b)
}

/** The certificate's holder is the applicant: SNILS equal (or the personal INN when the order has no SNILS), and the surname. */
export function isApplicant(cert: CertificateInfo, a: QesApplicant): boolean {
  const snils = digits(a.snils)
  const byNumber = snils ? digits(cert.subject.snils) === snils : digits(a.inn) !== "" && digits(cert.subject.inn) === digits(a.inn)
  return byNumber && sameSurname(cert.subject.surname, a.surname)
}

/**
 * The real verifier: verifyCms of the detached signature over the challenge's text with the trust
 * store (trust_roots + our register), then, in order: exactly one signer; the digest matches and the
 * signature is valid; the chain reaches a trusted root; the certificate is qualified; within validity
 * now; not revoked nor suspended; its holder is the applicant. The first failure is the answer.
 */
export function qesVerifier(db: Db): QesVerifier {
  return {
    async verifyApplicant(applicant, signed): Promise<QesVerdict> {
      const reject = (note: string): QesVerdict => ({ status: "rejected", note })
      const b64 = signed.signature.replace(/\s+/g, "")
      if (!b64) return reject(t.signatureRequired)
      let report
      try {
        report = await verifyCms(b64, challengeBytes(signed.text), trustStoreOf(db))
      } catch (err) {
        if (err instanceof PkiInputError) return reject(t.notCms)
        throw err
      }
      if (report.signers.length !== 1) return reject(t.oneSigner)
      const signer = report.signers[0]!
      const checked = signer.certificate
      if (!checked) return reject(t.notCms)
      if (signer.digestMatches !== true || !signer.signatureValid) return reject(t.invalid)
      if (checked.chainStatus !== "trusted") return reject(t.untrusted)
      const cert = checked.certificate
      if (!cert.qualified) return reject(t.notQualified)
      const at = Date.now()
      if (cert.notBefore.getTime() > at || cert.notAfter.getTime() < at) return reject(t.expired)
      if (checked.revocation.status === "revoked") return reject(t.revoked)
      if (checked.revocation.status === "suspended") return reject(t.suspended)
      if (!isApplicant(cert, applicant)) return reject(t.otherPerson)
      const owner = [cert.subject.surname, cert.subject.givenNames].filter(Boolean).join(" ") || cert.subject.commonName || cert.subject.text
      return {
        status: "verified",
        certificate: { owner, serial: cert.serial, thumbprint: cert.thumbprint, issuer: cert.issuer.commonName ?? cert.issuer.text, notAfter: cert.notAfter },
      }
    },
  }
}
