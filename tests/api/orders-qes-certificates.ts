import { readFileSync } from "node:fs"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { type Ca, createCa } from "../../server/services/pki/ca.ts"
import { signCms } from "../../server/services/pki/cms.ts"
import { gostSign } from "../../server/services/pki/gost.ts"
import { EXTENSION } from "../../server/services/pki/oids.ts"
import { parseGostPrivateKey } from "../../server/services/pki/private-key.ts"
import type { SubjectInput } from "../../server/services/pki/types.ts"

/**
 * Certificates for the qualified-signature tests: issued by the demo CA (server/db/seed/pki/) over the
 * fixtures' GOST request (tests/fixtures/pki/csr-gost256.*), so the holder's numbers are the test's.
 */
const seed = "server/db/seed/pki/"
const caKey = readFileSync(seed + "ca.key", "utf8")
export const demoCa: Ca = createCa(caKey, new Uint8Array(readFileSync(seed + "ca.cer")), "http://localhost:3000")
const csr = readFileSync("tests/fixtures/pki/csr-gost256.pem", "utf8")
const key = parseGostPrivateKey(readFileSync("tests/fixtures/pki/csr-gost256.key", "utf8"))

const DAY = 24 * 3600 * 1000
export function issue(subject: SubjectInput, days = { from: -1, to: 365 }): Uint8Array {
  return demoCa.issue({ csr, subject, notBefore: new Date(Date.now() + days.from * DAY), notAfter: new Date(Date.now() + days.to * DAY) }).der
}

/** The same certificate without the qualified certificate's subjectSignTool/issuerSignTool, signed again by the CA. */
export function unqualified(der: Uint8Array): Uint8Array {
  const cert = pkijs.Certificate.fromBER(Uint8Array.from(der))
  cert.extensions = (cert.extensions ?? []).filter((e) => e.extnID !== EXTENSION.SUBJECT_SIGN_TOOL && e.extnID !== EXTENSION.ISSUER_SIGN_TOOL)
  const tbs = new Uint8Array(cert.encodeTBS().toBER())
  cert.tbsView = tbs
  cert.signatureValue = new asn1js.BitString({ valueHex: gostSign(parseGostPrivateKey(caKey), tbs) })
  return new Uint8Array(cert.toSchema(false).toBER())
}

/** A detached CAdES-BES over the text with the request's key, Base64. */
export const signText = (certificate: Uint8Array, text: string) =>
  Buffer.from(signCms(new TextEncoder().encode(text), { certificate, ...key }, { detached: true })).toString("base64")
