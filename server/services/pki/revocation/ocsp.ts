import { createHash } from "node:crypto"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { validationMessages } from "../../../../schemas/messages/validation.ts"
import { parseCertificate, pkijsOf, verifyCertificateSignature } from "../certificate.ts"
import { encode, serialHex, toHex } from "../der.ts"
import { verifySignature } from "../signatures.ts"
import type { CertificateInfo } from "../types.ts"
import type { Fetcher, Finding } from "./finding.ts"
import { subjectDer } from "./name-der.ts"

const t = validationMessages.revocationUnchecked

/** Largest OCSP answer taken (one certificate's status and perhaps a responder certificate). */
export const OCSP_MAX_BYTES = 64 * 1024
const AIA = "1.3.6.1.5.5.7.1.1"
const AD_OCSP = "1.3.6.1.5.5.7.48.1"
const OCSP_BASIC = "1.3.6.1.5.5.7.48.1.1"
const OCSP_SIGNING = "1.3.6.1.5.5.7.3.9"
const HASHES: Readonly<Record<string, string>> = { "1.3.14.3.2.26": "sha1", "2.16.840.1.101.3.4.2.1": "sha256" }
/** An answer without nextUpdate is kept this long; a failure a minute. */
const NO_NEXT_UPDATE_KEPT_MS = 5 * 60_000
const FAILURE_KEPT_MS = 60_000
const MAX_KEPT = 1000

/** The OCSP responders a certificate names (authorityInfoAccess, id-ad-ocsp, URIs). */
export function ocspUrlsOf(certificate: CertificateInfo): string[] {
  let cert: pkijs.Certificate
  try {
    cert = pkijsOf(certificate)
  } catch {
    return []
  }
  const extension = cert.extensions?.find((e) => e.extnID === AIA)
  const access = extension?.parsedValue as pkijs.InfoAccess | undefined
  return (access?.accessDescriptions ?? []).filter((d) => d.accessMethod === AD_OCSP && d.accessLocation.type === 6).map((d) => String(d.accessLocation.value))
}

/** The issuer's subject as encoded in its certificate, and its key's bits: what a CertID hashes. */
function issuerParts(issuer: CertificateInfo): { name: Uint8Array; key: Uint8Array } {
  return { name: subjectDer(issuer.der), key: new Uint8Array(pkijsOf(issuer).subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView) }
}

const digest = (algorithm: string, data: Uint8Array) => createHash(algorithm).update(data).digest("hex")

/** The DER OCSP request for `certificate` (CertID by SHA-1, as every responder reads). */
export function ocspRequestOf(certificate: CertificateInfo, issuer: CertificateInfo): Uint8Array {
  const { name, key } = issuerParts(issuer)
  const reqCert = new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: "1.3.14.3.2.26", algorithmParams: new asn1js.Null() }),
    issuerNameHash: new asn1js.OctetString({ valueHex: createHash("sha1").update(name).digest() }),
    issuerKeyHash: new asn1js.OctetString({ valueHex: createHash("sha1").update(key).digest() }),
    serialNumber: pkijsOf(certificate).serialNumber,
  })
  const request = new pkijs.OCSPRequest({ tbsRequest: new pkijs.TBSRequest({ requestList: [new pkijs.Request({ reqCert })] }) })
  return encode(request.toSchema(true))
}

/** Whether `certId` names `certificate` of `issuer` (by whichever hash the responder chose). */
function names(certId: pkijs.CertID, certificate: CertificateInfo, issuer: CertificateInfo): boolean {
  const algorithm = HASHES[certId.hashAlgorithm.algorithmId]
  if (!algorithm || serialHex(certId.serialNumber) !== certificate.serial) return false
  const { name, key } = issuerParts(issuer)
  return toHex(certId.issuerNameHash.valueBlock.valueHexView) === digest(algorithm, name) && toHex(certId.issuerKeyHash.valueBlock.valueHexView) === digest(algorithm, key)
}

/** Keys that may sign the answer: the issuer's, or a responder certificate the issuer signed for OCSP signing and valid now. */
function signers(basic: pkijs.BasicOCSPResponse, issuer: CertificateInfo, now: Date): pkijs.PublicKeyInfo[] {
  const keys = [pkijsOf(issuer).subjectPublicKeyInfo]
  for (const cert of basic.certs ?? []) {
    try {
      const info = parseCertificate(encode(cert.toSchema()))
      const delegated = info.extendedKeyUsage.some((e) => e.oid === OCSP_SIGNING) && info.notBefore <= now && now <= info.notAfter && info.issuer.text === issuer.subject.text
      if (delegated && verifyCertificateSignature(info, issuer)) keys.push(pkijsOf(info).subjectPublicKeyInfo)
    } catch {
      // A certificate that does not parse delegates nothing.
    }
  }
  return keys
}

/** The status a SingleResponse gives: [0] good, [1] revoked (time, reason), [2] unknown. */
function statusOf(single: pkijs.SingleResponse): Finding | null {
  const status = single.certStatus as asn1js.BaseBlock & { valueBlock: { value?: asn1js.BaseBlock[] } }
  if (status.idBlock.tagClass !== 3) return null
  if (status.idBlock.tagNumber === 0) return { kind: "status", status: "good", revokedAt: null, reason: null }
  if (status.idBlock.tagNumber !== 1) return null
  const [time, reasonBox] = status.valueBlock.value ?? []
  const revokedAt = time instanceof asn1js.GeneralizedTime ? time.toDate() : null
  const inner = (reasonBox as asn1js.Constructed | undefined)?.valueBlock?.value?.[0]
  const reason = inner instanceof asn1js.Enumerated ? inner.valueBlock.valueDec : 0
  return { kind: "status", status: reason === 6 ? "suspended" : "revoked", revokedAt, reason }
}

/** The answer's finding, checked: a successful basic response, signed by the issuer or its delegate, about this certificate, current. */
export function readOcspAnswer(bytes: Uint8Array, certificate: CertificateInfo, issuer: CertificateInfo, url: string, now: Date): { finding: Finding; until: number } {
  const failed = (reason: string) => ({ finding: { kind: "failed", reason } as Finding, until: now.getTime() + FAILURE_KEPT_MS })
  let basic: pkijs.BasicOCSPResponse
  try {
    const response = pkijs.OCSPResponse.fromBER(new Uint8Array(bytes))
    const code = response.responseStatus.valueBlock.valueDec
    if (code !== 0) return failed(t.ocspStatus(url, code))
    if (response.responseBytes?.responseType !== OCSP_BASIC) return failed(t.ocspFailed(url, "неизвестный вид ответа"))
    basic = pkijs.BasicOCSPResponse.fromBER(new Uint8Array(response.responseBytes.response.valueBlock.valueHexView))
  } catch {
    return failed(t.ocspFailed(url, "ответ не читается"))
  }
  const data = basic.tbsResponseData
  const signature = basic.signature.valueBlock.valueHexView
  if (!signers(basic, issuer, now).some((key) => verifySignature(key, basic.signatureAlgorithm, signature, data.tbsView))) return failed(t.ocspSignature(url))
  const single = data.responses.find((r) => names(r.certID, certificate, issuer))
  if (!single) return failed(t.ocspNoAnswer(url))
  const finding = statusOf(single)
  if (!finding) return failed(t.ocspUnknown(url))
  const next = single.nextUpdate?.getTime() ?? null
  if (single.thisUpdate.getTime() > now.getTime() + 5 * 60_000 || (next !== null && next < now.getTime())) return failed(t.ocspStale(url))
  return { finding, until: next ?? now.getTime() + NO_NEXT_UPDATE_KEPT_MS }
}

const kept = new Map<string, { finding: Finding; until: number }>()

/** `certificate`'s status from the responder at `url`, kept until the answer's nextUpdate. */
export async function ocspFinding(certificate: CertificateInfo, issuer: CertificateInfo, url: string, fetcher: Fetcher, now: Date = new Date()): Promise<Finding> {
  const key = `${issuer.thumbprint} ${certificate.serial} ${url}`
  const found = kept.get(key)
  if (found && found.until > now.getTime()) return found.finding
  const answer = await fetcher({ url, maxBytes: OCSP_MAX_BYTES, body: ocspRequestOf(certificate, issuer), contentType: "application/ocsp-request", accept: "application/ocsp-response" })
  const read = answer.ok ? readOcspAnswer(answer.bytes, certificate, issuer, url, now) : { finding: { kind: "failed", reason: answer.reason } as Finding, until: now.getTime() + FAILURE_KEPT_MS }
  kept.delete(key)
  kept.set(key, read)
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!)
  return read.finding
}

/** Forgets every kept answer (tests). */
export function forgetOcspAnswers(): void {
  kept.clear()
}
