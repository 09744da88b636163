import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { unprocessable } from "../../lib/http.ts"
import { type CheckDeps, checkSignature } from "../heavy-work.ts"
import { PkiInputError, type SignatureReport } from "../pki/types.ts"
import { signatureReportView } from "../pki/validate.ts"
import type { ParsedEpoa } from "./parse.ts"

/** A detached signature file: DER as is; Base64 or PEM text decoded to DER (what we store, as Base64). */
export function signatureDer(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0x30) return bytes
  const text = new TextDecoder("latin1").decode(bytes).replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, "").replace(/\s+/g, "")
  if (text === "" || !/^[A-Za-z0-9+/]+=*$/.test(text)) throw unprocessable({ signature: [epoaMessages.api.signatureInvalid(epoaMessages.api.signatureNotCms)] })
  return new Uint8Array(Buffer.from(text, "base64"))
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)
/** The validation's verdict after 'Подпись доверенности недействительна: ', without its own 'Подпись недействительна: '. */
const reasonOf = (verdict: string) => lowerFirst(verdict.replace(/^Подпись недействительна:\s*/, ""))

/**
 * Whether the signer is the principal's head: the signer certificate names the principal — an
 * organisation's ИНН ЮЛ or ОГРН (an organisation's certificate since 2022), an entrepreneur's ИНН or
 * ОГРНИП — and, when the МЧД gives the head's СНИЛС and the certificate has one, the same СНИЛС.
 */
export function signedByPrincipal(report: SignatureReport, p: ParsedEpoa["principal"]): boolean {
  return report.signers.some((s) => {
    const subject = s.certificate?.certificate.subject
    if (!subject) return false
    const organisation =
      p.kind === "legal_entity"
        ? subject.innle === p.inn || (p.ogrn !== null && subject.ogrn === p.ogrn)
        : subject.inn === p.inn || (p.ogrn !== null && subject.ogrnip === p.ogrn)
    const person = !p.signatorySnils || !subject.snils || subject.snils === p.signatorySnils
    return organisation && person
  })
}

/**
 * Checks the МЧД's detached signature over the uploaded file's bytes with the validation service's checks
 * (CAdES, chain to a trusted root, our CRL) and that the principal's head made it. Returns the report
 * to store (the validation's view, as /api/v1/svs/signatures/validate/ shows it); any failure is the
 * 422 'Подпись доверенности недействительна: …' under `signature`.
 */
export async function checkEpoaSignature(deps: CheckDeps, signature: Uint8Array, document: Uint8Array, parsed: ParsedEpoa) {
  let report: SignatureReport
  try {
    report = await checkSignature(deps, signature, document)
  } catch (err) {
    if (err instanceof PkiInputError) throw unprocessable({ signature: [epoaMessages.api.signatureInvalid(reasonOf(err.message))] })
    throw err
  }
  if (!report.detached) throw unprocessable({ signature: [epoaMessages.api.signatureInvalid(epoaMessages.api.signatureNotDetached)] })
  if (!report.valid) throw unprocessable({ signature: [epoaMessages.api.signatureInvalid(reasonOf(report.verdict))] })
  if (!signedByPrincipal(report, parsed.principal)) throw unprocessable({ signature: [epoaMessages.api.signatureInvalid(epoaMessages.api.notPrincipalSigner)] })
  return signatureReportView(report)
}
