import { createHash } from "node:crypto"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { validationMessages as t } from "../../../schemas/messages/validation.ts"
import { parseCertificate } from "./certificate.ts"
import { readDer } from "./der.ts"
import { type GostBits, gostSign, streebog } from "./gost.ts"
import { HASH_ALGORITHMS, KEY_ALGORITHM, STREEBOG } from "./oids.ts"
import { verifyGostOfDigest, verifySignature } from "./signatures.ts"
import { PkiInputError, type CertificateInfo, type CertificateReport, type SignatureReport, type SignerReport, type TimestampReport, type TrustStore } from "./types.ts"
import { validateCertificate } from "./validate.ts"

/**
 * CMS SignedData (RFC 5652) as CAdES-BES and CAdES-T (ETSI EN 319 122) carry it: what a CryptoPro
 * tool, the CryptoPro Browser plug-in or `openssl cms -sign` makes. Parsed with pkijs; digests and
 * signatures are ours (gost.ts for GOST R 34.10/34.11-2012, node:crypto for RSA and ECDSA, through
 * signatures.ts), since pkijs's WebCrypto engine knows no GOST.
 */

export const CMS_OID = {
  signedData: "1.2.840.113549.1.7.2",
  data: "1.2.840.113549.1.7.1",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificate: "1.2.840.113549.1.9.16.2.12",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStamp: "1.2.840.113549.1.9.16.2.14",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  sha256: "2.16.840.1.101.3.4.2.1",
} as const

/**
 * The most signers and certificates one CMS may carry: each signer costs a signature and a chain to
 * verify, each certificate a candidate issuer; real documents carry a few of each. More is refused.
 */
export const CMS_SIGNERS_MAX = 10
export const CMS_CERTIFICATES_MAX = 50

const DIGEST_LABELS: Readonly<Record<string, string>> = {
  [STREEBOG[256]]: "ГОСТ Р 34.11-2012 (256 бит)",
  [STREEBOG[512]]: "ГОСТ Р 34.11-2012 (512 бит)",
  "1.3.14.3.2.26": "SHA-1",
  "2.16.840.1.101.3.4.2.1": "SHA-256",
  "2.16.840.1.101.3.4.2.2": "SHA-384",
  "2.16.840.1.101.3.4.2.3": "SHA-512",
}

/** The digest of `data` under a digest algorithm's OID; null for an algorithm we do not know. */
export function digestOf(oid: string, data: Uint8Array): Uint8Array | null {
  if (oid === STREEBOG[256]) return streebog(256, data)
  if (oid === STREEBOG[512]) return streebog(512, data)
  const name = HASH_ALGORITHMS[oid]
  return name ? new Uint8Array(createHash(name).update(data).digest()) : null
}

const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.length), Buffer.from(b.buffer, b.byteOffset, b.length)) === 0

/**
 * The bytes of a CMS object: DER, or BER with indefinite lengths (CryptoPro writes attached signatures
 * so), as a file's bytes, PEM (any label) or bare Base64.
 */
function cmsBytes(input: Uint8Array | string): Uint8Array {
  try {
    return readDer(input, [], t.input.notSignature)
  } catch (error) {
    if (!(error instanceof PkiInputError)) throw error
  }
  const indefinite = (b: Uint8Array) => b.length > 4 && b[0] === 0x30 && b[1] === 0x80
  if (typeof input !== "string" && indefinite(input)) return input
  const printable = (b: number) => (b >= 0x20 && b <= 0x7e) || b === 0x09 || b === 0x0a || b === 0x0d
  const text = typeof input === "string" ? input : input.subarray(0, 64).every(printable) ? new TextDecoder("latin1").decode(input) : null
  if (text !== null) {
    const body = (/-----BEGIN [A-Z0-9 ]+-----([\s\S]*?)-----END [A-Z0-9 ]+-----/.exec(text)?.[1] ?? text).replace(/\s+/g, "")
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(body)) {
      const bytes = new Uint8Array(Buffer.from(body, "base64"))
      if (indefinite(bytes)) return bytes
    }
  }
  throw new PkiInputError(t.input.notSignature)
}

function parseSignedData(input: Uint8Array | string): pkijs.SignedData {
  const bytes = cmsBytes(input)
  const parsed = asn1js.fromBER(bytes)
  if (parsed.offset === -1) throw new PkiInputError(t.input.notSignature)
  try {
    const info = new pkijs.ContentInfo({ schema: parsed.result })
    if (info.contentType !== CMS_OID.signedData) throw new PkiInputError(t.input.notSignature)
    return new pkijs.SignedData({ schema: info.content })
  } catch (error) {
    if (error instanceof PkiInputError) throw error
    throw new PkiInputError(t.input.notSignature)
  }
}

/** The octets of an OCTET STRING, primitive or constructed (BER splits long contents into pieces). */
function octets(value: asn1js.OctetString): Uint8Array {
  if (!value.idBlock.isConstructed) return new Uint8Array(value.valueBlock.valueHexView)
  const pieces = (value.valueBlock.value as asn1js.OctetString[]).map(octets)
  return new Uint8Array(Buffer.concat(pieces))
}

const attribute = (attrs: pkijs.SignedAndUnsignedAttributes | undefined, oid: string): asn1js.AsnType | null =>
  (attrs?.attributes.find((a) => a.type === oid)?.values[0] as asn1js.AsnType | undefined) ?? null

function timeOf(value: asn1js.AsnType | null): Date | null {
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate()
  return null
}

interface EmbeddedCertificate {
  readonly certificate: pkijs.Certificate
  readonly der: Uint8Array
}

function embeddedCertificates(signed: pkijs.SignedData): EmbeddedCertificate[] {
  const list: EmbeddedCertificate[] = []
  for (const item of signed.certificates ?? []) {
    if (item instanceof pkijs.Certificate) list.push({ certificate: item, der: new Uint8Array(item.toSchema().toBER()) })
  }
  return list
}

function subjectKeyIdOf(cert: pkijs.Certificate): Uint8Array | null {
  const ext = cert.extensions?.find((e) => e.extnID === "2.5.29.14")
  if (!ext) return null
  const parsed = asn1js.fromBER(ext.extnValue.valueBlock.valueHexView)
  return parsed.result instanceof asn1js.OctetString ? new Uint8Array(parsed.result.valueBlock.valueHexView) : null
}

/** The signer's certificate among the CMS's own, by issuer and serial number or by subject key identifier. */
function findSignerCertificate(info: pkijs.SignerInfo, certs: readonly EmbeddedCertificate[]): EmbeddedCertificate | null {
  const sid = info.sid as unknown
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    const serial = new Uint8Array(sid.serialNumber.valueBlock.valueHexView)
    return certs.find((c) => equalBytes(new Uint8Array(c.certificate.serialNumber.valueBlock.valueHexView), serial) && c.certificate.issuer.isEqual(sid.issuer)) ?? null
  }
  const block = sid as { valueBlock?: { valueHexView?: Uint8Array; value?: { valueBlock?: { valueHexView?: Uint8Array } }[] } }
  const keyId = block.valueBlock?.value?.[0]?.valueBlock?.valueHexView ?? block.valueBlock?.valueHexView
  if (!keyId || keyId.length === 0) return null
  return certs.find((c) => {
    const ski = subjectKeyIdOf(c.certificate)
    return ski !== null && equalBytes(ski, new Uint8Array(keyId))
  }) ?? null
}

/** signingCertificateV2 (or v1) names the signer's certificate by its hash: true when it matches, null when absent. */
function signingCertificateMatches(attrs: pkijs.SignedAndUnsignedAttributes | undefined, der: Uint8Array): boolean | null {
  const v2 = attribute(attrs, CMS_OID.signingCertificateV2)
  const v1 = attribute(attrs, CMS_OID.signingCertificate)
  const value = v2 ?? v1
  if (!(value instanceof asn1js.Sequence)) return null
  const certs = value.valueBlock.value[0]
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined
  if (!(first instanceof asn1js.Sequence)) return false
  const parts = first.valueBlock.value
  let hashOid = v2 ? CMS_OID.sha256 : "1.3.14.3.2.26"
  let hashIndex = 0
  if (v2 && parts[0] instanceof asn1js.Sequence) {
    const oid = parts[0].valueBlock.value[0]
    if (oid instanceof asn1js.ObjectIdentifier) hashOid = oid.valueBlock.toString()
    hashIndex = 1
  }
  const hash = parts[hashIndex]
  if (!(hash instanceof asn1js.OctetString)) return false
  const computed = digestOf(hashOid, der)
  return computed !== null && equalBytes(computed, new Uint8Array(hash.valueBlock.valueHexView))
}

/** The purpose a time-stamping authority's certificate must carry (RFC 3161 2.3). */
const TIME_STAMPING = "1.3.6.1.5.5.7.3.8"

const refused = (verdict: string, time: Date | null = null, tsa: CertificateReport | null = null): TimestampReport => ({ time, valid: false, verdict, tsa })

/**
 * CAdES-T: the signature timestamp token checked as a signature of its own. It counts only when its
 * imprint is the hash of this signature value, the TSA's signature over the TSTInfo verifies, and the
 * TSA's certificate chains to a trusted root as a signer's would (valid at genTime, not revoked now)
 * and carries the timeStamping purpose. null when there is no token.
 */
async function timestampOf(info: pkijs.SignerInfo, store: TrustStore): Promise<TimestampReport | null> {
  const token = attribute(info.unsignedAttrs, CMS_OID.signatureTimeStamp)
  if (!token) return null
  let signed: pkijs.SignedData
  let tstBytes: Uint8Array
  let tst: pkijs.TSTInfo
  try {
    const content = new pkijs.ContentInfo({ schema: token })
    signed = new pkijs.SignedData({ schema: content.content })
    const eContent = signed.encapContentInfo.eContent
    if (signed.encapContentInfo.eContentType !== CMS_OID.tstInfo || !eContent) return refused(t.timestamp.broken)
    tstBytes = octets(eContent)
    tst = new pkijs.TSTInfo({ schema: asn1js.fromBER(tstBytes).result })
  } catch {
    return refused(t.timestamp.broken)
  }
  const time = tst.genTime
  const imprint = digestOf(tst.messageImprint.hashAlgorithm.algorithmId, new Uint8Array(info.signature.valueBlock.valueHexView))
  if (!imprint || !equalBytes(imprint, new Uint8Array(tst.messageImprint.hashedMessage.valueBlock.valueHexView))) return refused(t.timestamp.otherSignature, time)
  const tokenSigner = signed.signerInfos.length === 1 ? signed.signerInfos[0] : undefined
  if (!tokenSigner) return refused(t.timestamp.broken, time)
  const certs = embeddedCertificates(signed)
  const tsa = await verifySigner(tokenSigner, certs, parsedCertificates(certs), tstBytes, (oid) => digestOf(oid, tstBytes), store, { at: time, token: true })
  if (!tsa.certificate) return refused(t.timestamp.noCertificate, time)
  if (!tsa.signatureValid || tsa.digestMatches !== true) return refused(t.timestamp.badSignature, time, tsa.certificate)
  if (!tsa.certificate.valid) return refused(t.timestamp.certificateInvalid(tsa.certificate.verdict), time, tsa.certificate)
  if (!tsa.certificate.certificate.extendedKeyUsage.some((e) => e.oid === TIME_STAMPING)) return refused(t.timestamp.notTsa, time, tsa.certificate)
  return { time, valid: true, verdict: t.timestamp.valid, tsa: tsa.certificate }
}

/** The CMS's certificates read for chain building; a malformed extra one only fails the signer that needs it. */
function parsedCertificates(certs: readonly EmbeddedCertificate[]): CertificateInfo[] {
  const list: CertificateInfo[] = []
  for (const c of certs) {
    try {
      list.push(parseCertificate(c.der))
    } catch {
      // skipped: see above
    }
  }
  return list
}

/** A signed attributes' DER as signed: the [0] IMPLICIT tag of SignerInfo turned back into SET OF. */
function signedAttributesDer(attrs: pkijs.SignedAndUnsignedAttributes): Uint8Array {
  const bytes = new Uint8Array(attrs.encodedValue.slice(0))
  bytes[0] = 0x31
  return bytes
}

/**
 * Checks a CMS signature: for each signer its certificate (found in the CMS), the messageDigest
 * against the document (the attached content or `document` for a detached one; hashed once per digest
 * algorithm), the signature value over the signed attributes, signingCertificate(V2), the signing
 * time, a CAdES-T timestamp, and the certificate's report (chain, validity, revocation). Throws
 * PkiInputError for bytes that are not a CMS SignedData.
 */
export async function verifyCms(signature: Uint8Array | string, document: Uint8Array | null, store: TrustStore): Promise<SignatureReport> {
  const signed = parseSignedData(signature)
  if (signed.signerInfos.length > CMS_SIGNERS_MAX) throw new PkiInputError(t.input.tooManySigners(CMS_SIGNERS_MAX))
  if ((signed.certificates?.length ?? 0) > CMS_CERTIFICATES_MAX) throw new PkiInputError(t.input.tooManyCertificates(CMS_CERTIFICATES_MAX))
  const eContent = signed.encapContentInfo.eContent
  const detached = !eContent
  const content = eContent ? octets(eContent) : document
  const certs = embeddedCertificates(signed)
  const intermediates = parsedCertificates(certs)
  const digests = new Map<string, Uint8Array | null>()
  const digestFor = (oid: string) => {
    if (!content) return null
    if (!digests.has(oid)) digests.set(oid, digestOf(oid, content))
    return digests.get(oid) ?? null
  }

  const signers: SignerReport[] = []
  for (const info of signed.signerInfos) signers.push(await verifySigner(info, certs, intermediates, content, digestFor, store))

  if (signers.length === 0) return { detached, signers, valid: false, verdict: t.signature.noSigners }
  const valid = signers.every((s) => s.signatureValid && s.digestMatches === true && s.certificate?.valid === true)
  const needsDocument = detached && !document
  const verdict = needsDocument
    ? t.signature.documentNeeded
    : valid
      ? signers.length === 1
        ? t.signature.valid
        : t.signature.validMany(signers.length)
      : signers.length === 1
        ? (signers[0] as SignerReport).verdict
        : `${t.signature.invalid}: ${signers.filter((s) => s.verdict !== t.signer.valid).map((s) => s.verdict).join("; ")}`
  return { detached, signers, valid, verdict }
}

async function verifySigner(
  info: pkijs.SignerInfo,
  certs: readonly EmbeddedCertificate[],
  intermediates: readonly CertificateInfo[],
  content: Uint8Array | null,
  digestFor: (oid: string) => Uint8Array | null,
  store: TrustStore,
  /** A timestamp token's signer: its certificate is judged at genTime, and a token carries no token of its own. */
  tokenOf: { readonly at: Date; readonly token: true } | null = null,
): Promise<SignerReport> {
  const digestOid = info.digestAlgorithm.algorithmId
  const digestAlgorithm = DIGEST_LABELS[digestOid] ?? digestOid
  const attrs = info.signedAttrs
  const signingTime = timeOf(attribute(attrs, CMS_OID.signingTime))
  const timestampCheck = tokenOf ? null : await timestampOf(info, store)
  const timestamp = timestampCheck?.valid ? timestampCheck.time : null
  const signer = findSignerCertificate(info, certs)
  const base = { signingTime, timestamp, timestampCheck, digestAlgorithm }
  if (!signer) return { ...base, certificate: null, digestMatches: null, signatureValid: false, verdict: t.signer.noCertificate }

  const at = tokenOf?.at ?? timestamp ?? signingTime ?? new Date()
  const certificate = await validateCertificate(signer.der, store, at, { intermediates, revocationAt: timestamp ?? new Date() })
  const hashName = HASH_ALGORITHMS[digestOid]
  const sigBytes = new Uint8Array(info.signature.valueBlock.valueHexView)
  const key = signer.certificate.subjectPublicKeyInfo

  let digestMatches: boolean | null = null
  let signatureValid = false
  let certMatches: boolean | null = null
  if (attrs) {
    const messageDigest = attribute(attrs, CMS_OID.messageDigest)
    const computed = digestFor(digestOid)
    if (content && computed === null) return { ...base, certificate, digestMatches: null, signatureValid: false, verdict: t.signer.unsupportedDigest(digestOid) }
    if (computed && messageDigest instanceof asn1js.OctetString) digestMatches = equalBytes(computed, new Uint8Array(messageDigest.valueBlock.valueHexView))
    else if (computed) digestMatches = false
    signatureValid = verifySignature(key, info.signatureAlgorithm, sigBytes, signedAttributesDer(attrs), hashName)
    certMatches = signingCertificateMatches(attrs, signer.der)
  } else if (content) {
    // No signed attributes: the signature is over the content itself. A GOST one is checked against
    // the content's digest computed once for all signers, not by hashing the document again.
    const computed = digestFor(digestOid)
    const byDigest = computed ? verifyGostOfDigest(key, info.signatureAlgorithm, sigBytes, digestOid, computed) : null
    signatureValid = byDigest ?? verifySignature(key, info.signatureAlgorithm, sigBytes, content, hashName)
    digestMatches = signatureValid
  }

  let verdict: string
  if (!content) verdict = t.signer.documentNeeded
  else if (digestMatches === false) verdict = t.signer.digestMismatch
  else if (!signatureValid) verdict = t.signer.badSignature
  else if (certMatches === false) verdict = t.signer.badSigningCertificate
  else if (!certificate.valid) verdict = t.signer.certificateInvalid(certificate.verdict)
  else verdict = t.signer.valid
  return { ...base, certificate, digestMatches, signatureValid: signatureValid && certMatches !== false, verdict }
}

export interface CmsSigner {
  /** The signer's certificate, DER. */
  readonly certificate: Uint8Array
  /** The GOST private key (the little-endian scalar). */
  readonly privateKey: Uint8Array
  readonly bits: GostBits
  readonly curveOid: string
}

function attributeOf(oid: string, value: asn1js.AsnType): asn1js.Sequence {
  return new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid }), new asn1js.Set({ value: [value] })] })
}

/** DER SET OF: the elements' encodings in ascending order (X.690 11.6), and the SET's own DER. */
function derSetOf(elements: readonly asn1js.AsnType[]): { set: Uint8Array; sorted: Uint8Array[] } {
  const sorted = elements.map((e) => new Uint8Array(e.toBER()))
  sorted.sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)))
  const set = new asn1js.Set({ value: sorted.map((e) => asn1js.fromBER(e).result) })
  return { set: new Uint8Array(set.toBER()), sorted }
}

/**
 * Signs `data` as CAdES-BES with a GOST R 34.10-2012 key: contentType, messageDigest (Streebog of the
 * key's size), signingTime and signingCertificateV2 (the certificate's Streebog hash) as signed
 * attributes, the signer's certificate included, identified by issuer and serial number. DER.
 */
export function signCms(data: Uint8Array, signer: CmsSigner, opts: { readonly detached: boolean; readonly signingTime?: Date }): Uint8Array {
  const certAsn = asn1js.fromBER(signer.certificate)
  if (certAsn.offset === -1) throw new PkiInputError(t.input.notCertificate)
  const cert = new pkijs.Certificate({ schema: certAsn.result })
  const digestOid = STREEBOG[signer.bits]
  const digestAlg = () => new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: digestOid })] })
  const time = opts.signingTime ?? new Date()
  const attributes = [
    attributeOf(CMS_OID.contentType, new asn1js.ObjectIdentifier({ value: CMS_OID.data })),
    attributeOf(CMS_OID.signingTime, new asn1js.UTCTime({ valueDate: new Date(Math.floor(time.getTime() / 1000) * 1000) })),
    attributeOf(CMS_OID.messageDigest, new asn1js.OctetString({ valueHex: streebog(signer.bits, data) })),
    attributeOf(
      CMS_OID.signingCertificateV2,
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.Sequence({
                value: [
                  digestAlg(),
                  new asn1js.OctetString({ valueHex: streebog(signer.bits, signer.certificate) }),
                  new asn1js.Sequence({
                    value: [
                      new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [cert.issuer.toSchema()] })] }),
                      new asn1js.Integer({ valueHex: cert.serialNumber.valueBlock.valueHexView }),
                    ],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
    ),
  ]
  const { set, sorted } = derSetOf(attributes)
  const signature = gostSign(signer, set)
  const signedAttrs = new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: sorted.map((e) => asn1js.fromBER(e).result) })

  const signerInfo = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 1 }),
      new asn1js.Sequence({ value: [cert.issuer.toSchema(), new asn1js.Integer({ valueHex: cert.serialNumber.valueBlock.valueHexView })] }),
      digestAlg(),
      signedAttrs,
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: signer.bits === 256 ? KEY_ALGORITHM.GOST_256 : KEY_ALGORITHM.GOST_512 })] }),
      new asn1js.OctetString({ valueHex: signature }),
    ],
  })
  const encap = new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: CMS_OID.data }),
      ...(opts.detached ? [] : [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.OctetString({ valueHex: data })] })]),
    ],
  })
  const signedData = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 1 }),
      new asn1js.Set({ value: [digestAlg()] }),
      encap,
      new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [asn1js.fromBER(signer.certificate).result] }),
      new asn1js.Set({ value: [signerInfo] }),
    ],
  })
  const contentInfo = new asn1js.Sequence({
    value: [new asn1js.ObjectIdentifier({ value: CMS_OID.signedData }), new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [signedData] })],
  })
  return new Uint8Array(contentInfo.toBER())
}
