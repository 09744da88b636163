import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { parseAsn1, readDer } from "./der.ts"
import { decodeName } from "./names.ts"
import { describePublicKey, type PublicKeyDescription, verifySignature } from "./signatures.ts"
import { type DistinguishedName, PkiInputError } from "./types.ts"

/**
 * PKCS#10 certificate requests (RFC 2986): GOST, RSA or ECDSA, DER, PEM or Base64. The request's
 * self-signature proves the applicant holds the key; the demo CA certifies only requests whose
 * signature verifies (the subject it writes comes from the order, never from the request).
 */

export const NOT_A_CSR = "Файл не является запросом на сертификат (PKCS#10)"

export interface ParsedCsr {
  readonly subject: DistinguishedName
  /** The SubjectPublicKeyInfo's DER, exactly as in the request. */
  readonly publicKeyInfo: Uint8Array
  readonly publicKey: PublicKeyDescription
  readonly signatureValid: boolean
}

export function parseCsr(input: Uint8Array | string): ParsedCsr {
  const der = readDer(input, ["CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST"], NOT_A_CSR)
  const asn1 = parseAsn1(der, NOT_A_CSR)
  let csr: pkijs.CertificationRequest
  try {
    csr = new pkijs.CertificationRequest({ schema: asn1 })
  } catch {
    throw new PkiInputError(NOT_A_CSR)
  }
  // The SPKI's own bytes: the third element of certificationRequestInfo.
  const info = (asn1 as asn1js.Sequence).valueBlock.value[0]
  const spki = info instanceof asn1js.Sequence ? info.valueBlock.value[2] : undefined
  if (!(spki instanceof asn1js.Sequence)) throw new PkiInputError(NOT_A_CSR)
  try {
    return {
      subject: decodeName(csr.subject),
      publicKeyInfo: new Uint8Array(spki.valueBeforeDecodeView),
      publicKey: describePublicKey(csr.subjectPublicKeyInfo),
      signatureValid: verifySignature(csr.subjectPublicKeyInfo, csr.signatureAlgorithm, csr.signatureValue.valueBlock.valueHexView, csr.tbsView),
    }
  } catch {
    throw new PkiInputError(NOT_A_CSR)
  }
}
