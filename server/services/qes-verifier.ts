import { readableName } from "../../schemas/certificate-names.ts"
import { qesMessages } from "../../schemas/messages/qes.ts"
import type { Deps } from "../lib/env.ts"
import { checkSignedText } from "./cert-auth.ts"
import type { CertificateInfo } from "./pki/types.ts"
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
 * The real verifier: the challenge's signature checked as the binding's is (checkSignedText: one
 * valid signer, a trusted chain, within validity, not revoked nor suspended), the certificate also
 * qualified, then its holder is the applicant. The first failure is the answer.
 */
export function qesVerifier(deps: Pick<Deps, "db" | "workers">): QesVerifier {
  return {
    async verifyApplicant(applicant, signed): Promise<QesVerdict> {
      const reject = (note: string): QesVerdict => ({ status: "rejected", note })
      const checked = await checkSignedText(deps, signed.signature, signed.text, {
        required: t.signatureRequired,
        notCms: t.notCms,
        oneSigner: t.oneSigner,
        invalid: t.invalid,
        untrusted: t.untrusted,
        notQualified: t.notQualified,
        expired: t.expired,
        revoked: t.revoked,
        suspended: t.suspended,
      })
      if (!checked.ok) return reject(checked.reason)
      const cert = checked.certificate
      if (!isApplicant(cert, applicant)) return reject(t.otherPerson)
      // Names as a person reads them (the account shows both), never the one-line DN.
      const owner = readableName(cert.subject.attributes).name
      return {
        status: "verified",
        certificate: { owner, serial: cert.serial, thumbprint: cert.thumbprint, issuer: readableName(cert.issuer.attributes).name, notAfter: cert.notAfter },
      }
    },
  }
}
