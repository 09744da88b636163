import { createHash } from "node:crypto"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { parseAsn1, readDer, toHex, toPemText } from "./der.ts"
import { bitStringBytes, children, contents, DerError, expect, latin1, oidText, readTlv, TAG, type Tlv, whole } from "./der-reader.ts"
import { decodeNameTlv } from "./names.ts"
import { EXTENDED_KEY_USAGES, EXTENSION, KEY_USAGE_BITS, POLICIES } from "./oids.ts"
import { type AlgorithmInfo, describeKey, type KeyInfo, signatureAlgorithmLabel, verifyWithKey } from "./signatures.ts"
import { type CertificateInfo, type OwnerKind, PkiInputError } from "./types.ts"

/**
 * X.509 certificates: DER, PEM or Base64 in, CertificateInfo out (read by der-reader.ts, the
 * Russian names from oids.ts), and the check of a certificate's signature by its issuer's key.
 */

export const NOT_A_CERTIFICATE = "Файл не является сертификатом"

const PEM_LABELS = ["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE"]

/** What a signature check needs of each parsed certificate, kept so that it does not parse it again. */
interface Parts {
  readonly tbs: Uint8Array
  /** TBSCertificate.signature and Certificate.signatureAlgorithm, as DER (must agree, RFC 5280 4.1.1.2). */
  readonly innerAlgorithm: Uint8Array
  readonly outerAlgorithm: Uint8Array
  readonly algorithm: AlgorithmInfo
  readonly signature: Uint8Array
  readonly key: KeyInfo
  /** What CertificateInfo leaves out, kept as views for certificateFields. */
  readonly version: number
  readonly issuerUniqueId: Tlv | undefined
  readonly subjectUniqueId: Tlv | undefined
  readonly extensions: Tlv | undefined
}

const parts = new WeakMap<CertificateInfo, Parts>()
/** pkijs objects made on demand by pkijsOf (crl.ts, tests). */
const pkijsObjects = new WeakMap<CertificateInfo, pkijs.Certificate>()

function algorithmOf(tlv: Tlv): AlgorithmInfo {
  const [oid, params] = children(expect(tlv, TAG.SEQUENCE))
  return { algorithmId: oidText(expect(oid, TAG.OID)), params: params ? whole(params) : null }
}

/** UTCTime (YYMMDDHHMMSSZ, as asn1js reads it) or GeneralizedTime (asn1js's own reading, rare). */
function timeOf(tlv: Tlv): Date {
  if (tlv.tag === TAG.UTC_TIME) {
    const match = /(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z/i.exec(latin1(contents(tlv)))
    if (!match) throw new DerError("bad UTCTime")
    const [, yy, mo, dd, hh, mi, ss] = match.map(Number) as number[]
    return new Date(Date.UTC((yy as number) >= 50 ? 1900 + (yy as number) : 2000 + (yy as number), (mo as number) - 1, dd, hh, mi, ss))
  }
  if (tlv.tag === TAG.GENERALIZED_TIME) {
    const parsed = asn1js.fromBER(whole(tlv))
    if (parsed.offset === -1 || !(parsed.result instanceof asn1js.GeneralizedTime)) throw new DerError("bad GeneralizedTime")
    return parsed.result.toDate()
  }
  throw new DerError("bad time")
}

function keyUsage(value: Tlv): string[] {
  const bytes = bitStringBytes(value)
  return KEY_USAGE_BITS.filter((_, i) => ((bytes[i >> 3] ?? 0) & (0x80 >> (i & 7))) !== 0)
}

/** URIs ([6] IA5String) of the fullName of every DistributionPoint. */
function distributionPoints(value: Tlv): string[] {
  const urls: string[] = []
  for (const point of children(expect(value, TAG.SEQUENCE))) {
    const name = children(expect(point, TAG.SEQUENCE)).find((t) => t.tag === 0xa0)
    const fullName = name ? children(name).find((t) => t.tag === 0xa0) : undefined
    for (const general of fullName ? children(fullName) : []) if (general.tag === 0x86) urls.push(latin1(contents(general)))
  }
  return urls
}

const oidList = (value: Tlv): string[] => children(expect(value, TAG.SEQUENCE)).map(oidText)
const policyList = (value: Tlv): string[] => children(expect(value, TAG.SEQUENCE)).map((p) => oidText(children(expect(p, TAG.SEQUENCE))[0] as Tlv))

function basicConstraintsCa(value: Tlv): boolean {
  const first = children(expect(value, TAG.SEQUENCE))[0]
  return first?.tag === TAG.BOOLEAN && first.end > first.start && first.bytes[first.start] !== 0
}

const octetsHex = (value: Tlv | undefined): string | null => (value ? toHex(contents(value)) : null)

/**
 * One extension's value read with `read`; undefined (as pkijs left a value it could not parse) when
 * the extension is absent or malformed.
 */
function extension<T>(extensions: ReadonlyMap<string, Tlv>, oid: string, read: (value: Tlv) => T): T | undefined {
  const octets = extensions.get(oid)
  if (!octets) return undefined
  try {
    const value = readTlv(octets.bytes, octets.start, octets.end)
    if (value.end !== octets.end) return undefined
    return read(value)
  } catch {
    return undefined
  }
}

/** Extensions: OID → the extnValue OCTET STRING (the first of a repeated OID, as a find over pkijs's list gave). */
function extensionsOf(tlv: Tlv | undefined): Map<string, Tlv> {
  const map = new Map<string, Tlv>()
  if (!tlv) return map
  const [list] = children(tlv)
  for (const item of children(expect(list, TAG.SEQUENCE))) {
    const fields = children(expect(item, TAG.SEQUENCE))
    const oid = oidText(expect(fields[0], TAG.OID))
    const value = expect(fields[fields.length - 1], TAG.OCTET_STRING)
    if (fields.length === 3) expect(fields[1], TAG.BOOLEAN)
    else if (fields.length !== 2) throw new DerError("bad extension")
    if (!map.has(oid)) map.set(oid, value)
  }
  return map
}

export function ownerKindOf(subject: { ogrnip: string | null; innle: string | null; ogrn: string | null }): OwnerKind {
  if (subject.ogrnip) return "entrepreneur"
  if (subject.innle || subject.ogrn) return "legal_entity"
  return "individual_person"
}


/** A unique identifier's BIT STRING contents: its unused-bits octet must say 0 to 7. */
function uniqueId(tlv: Tlv): Tlv {
  if (tlv.start === tlv.end || (tlv.bytes[tlv.start] as number) > 7) throw new DerError("bad unique identifier")
  return tlv
}

/**
 * CertificateInfo of DER bytes known to be one whole TLV, read by der-reader.ts in one pass (the
 * structure of RFC 5280 4.1 checked field by field; anything else throws).
 */
function fromDer(der: Uint8Array): CertificateInfo {
  const [tbsTlv, outer, signatureValue, ...rest] = children(expect(readTlv(der), TAG.SEQUENCE))
  if (rest.length > 0) throw new DerError("extra fields")
  const tbsFields = children(expect(tbsTlv, TAG.SEQUENCE))
  let i = 0
  // version [0] EXPLICIT INTEGER DEFAULT v1: v1 (0), v2 (1) or v3 (2).
  let version = 0
  if (tbsFields[0]?.tag === 0xa0) {
    const [versionTlv, ...more] = children(tbsFields[0])
    expect(versionTlv, TAG.INTEGER)
    if (more.length > 0 || versionTlv!.end - versionTlv!.start !== 1 || (versionTlv!.bytes[versionTlv!.start] as number) > 2) throw new DerError("bad version")
    version = versionTlv!.bytes[versionTlv!.start] as number
    i++
  }
  const serial = expect(tbsFields[i++], TAG.INTEGER)
  const inner = expect(tbsFields[i++], TAG.SEQUENCE)
  const issuer = decodeNameTlv(expect(tbsFields[i++], TAG.SEQUENCE))
  const validity = children(expect(tbsFields[i++], TAG.SEQUENCE))
  if (validity.length !== 2) throw new DerError("bad validity")
  const subject = decodeNameTlv(expect(tbsFields[i++], TAG.SEQUENCE))
  const spkiTlv = expect(tbsFields[i++], TAG.SEQUENCE)
  const [keyAlgorithm, keyBits, ...keyRest] = children(spkiTlv)
  if (keyRest.length > 0) throw new DerError("bad SubjectPublicKeyInfo")
  const keyAlg = algorithmOf(expect(keyAlgorithm, TAG.SEQUENCE))
  const key: KeyInfo = { algorithmId: keyAlg.algorithmId, params: keyAlg.params, key: bitStringBytes(expect(keyBits, TAG.BIT_STRING)), spkiDer: () => whole(spkiTlv) }
  // issuerUniqueID [1] and subjectUniqueID [2] are IMPLICIT BIT STRINGs: primitive tags 0x81 and 0x82 (RFC 5280 4.1).
  const issuerUniqueId = tbsFields[i]?.tag === 0x81 ? uniqueId(tbsFields[i++]!) : undefined
  const subjectUniqueId = tbsFields[i]?.tag === 0x82 ? uniqueId(tbsFields[i++]!) : undefined
  const extensionsTlv = tbsFields[i]?.tag === 0xa3 ? tbsFields[i++] : undefined
  const extensions = extensionsOf(extensionsTlv)
  if (i !== tbsFields.length) throw new DerError("extra TBS fields")
  const algorithm = algorithmOf(outer as Tlv)
  algorithmOf(inner)
  const signature = bitStringBytes(expect(signatureValue, TAG.BIT_STRING))

  let serialBytes = contents(serial)
  while (serialBytes.length > 1 && serialBytes[0] === 0) serialBytes = serialBytes.subarray(1)
  const info: CertificateInfo = {
    der,
    serial: toHex(serialBytes),
    thumbprint: createHash("sha1").update(der).digest("hex"),
    subject,
    issuer,
    notBefore: timeOf(validity[0] as Tlv),
    notAfter: timeOf(validity[1] as Tlv),
    publicKey: describeKey(key),
    signatureAlgorithm: { oid: algorithm.algorithmId, label: signatureAlgorithmLabel(algorithm.algorithmId) },
    keyUsage: extension(extensions, EXTENSION.KEY_USAGE, keyUsage) ?? [],
    extendedKeyUsage: (extension(extensions, EXTENSION.EXT_KEY_USAGE, oidList) ?? []).map((oid) => ({ oid, label: EXTENDED_KEY_USAGES[oid] ?? oid })),
    policies: (extension(extensions, EXTENSION.CERTIFICATE_POLICIES, policyList) ?? []).map((oid) => ({ oid, label: POLICIES[oid] ?? oid })),
    isCa: extension(extensions, EXTENSION.BASIC_CONSTRAINTS, basicConstraintsCa) === true,
    subjectKeyId: extension(extensions, EXTENSION.SUBJECT_KEY_ID, (v) => octetsHex(expect(v, TAG.OCTET_STRING))) ?? null,
    authorityKeyId: extension(extensions, EXTENSION.AUTHORITY_KEY_ID, (v) => octetsHex(children(expect(v, TAG.SEQUENCE)).find((t) => t.tag === 0x80))) ?? null,
    crlDistributionPoints: extension(extensions, EXTENSION.CRL_DISTRIBUTION_POINTS, distributionPoints) ?? [],
    ownerKind: ownerKindOf(subject),
    qualified: extensions.has(EXTENSION.SUBJECT_SIGN_TOOL) && extensions.has(EXTENSION.ISSUER_SIGN_TOOL),
  }
  parts.set(info, { tbs: whole(tbsTlv as Tlv), innerAlgorithm: whole(inner), outerAlgorithm: whole(outer as Tlv), algorithm, signature, key, version, issuerUniqueId, subjectUniqueId, extensions: extensionsTlv })
  return info
}

/** The pkijs certificate of DER bytes; PkiInputError when they are not one. */
export function pkijsCertificate(der: Uint8Array): pkijs.Certificate {
  const asn1 = parseAsn1(der, NOT_A_CERTIFICATE)
  try {
    return new pkijs.Certificate({ schema: asn1 })
  } catch {
    throw new PkiInputError(NOT_A_CERTIFICATE)
  }
}

/** A certificate from DER, PEM or Base64 (a string or a file's bytes). */
export function parseCertificate(input: Uint8Array | string): CertificateInfo {
  const der = readDer(input, PEM_LABELS, NOT_A_CERTIFICATE)
  try {
    return fromDer(new Uint8Array(der))
  } catch (error) {
    if (error instanceof PkiInputError) throw error
    throw new PkiInputError(NOT_A_CERTIFICATE)
  }
}

/** The pkijs object behind a CertificateInfo (made once per CertificateInfo, on demand). */
export function pkijsOf(info: CertificateInfo): pkijs.Certificate {
  let cert = pkijsObjects.get(info)
  if (!cert) {
    cert = pkijsCertificate(info.der)
    pkijsObjects.set(info, cert)
  }
  return cert
}

/** The signature parts of a CertificateInfo (read again only for one built elsewhere). */
function partsOf(info: CertificateInfo): Parts {
  const known = parts.get(info)
  if (known) return known
  const again = parseCertificate(info.der)
  return parts.get(again) as Parts
}

/** The fields of a certificate that CertificateInfo does not carry, as parseCertificate read them (hex; the differential test compares them with pkijs's). */
export interface CertificateFields {
  /** 0 (v1), 1 (v2) or 2 (v3), as the DER writes it. */
  readonly version: number
  readonly innerAlgorithm: { readonly oid: string; readonly params: string | null }
  readonly signatureAlgorithm: { readonly oid: string; readonly params: string | null }
  readonly publicKey: { readonly oid: string; readonly params: string | null; readonly key: string }
  /** The BIT STRING's contents, the unused-bits octet first. */
  readonly issuerUniqueId: string | null
  readonly subjectUniqueId: string | null
  /** Every extension in order (repeated ones too). */
  readonly extensions: readonly { readonly oid: string; readonly critical: boolean; readonly value: string }[]
  readonly signature: string
  readonly tbs: Uint8Array
}

export function certificateFields(info: CertificateInfo): CertificateFields {
  const p = partsOf(info)
  const algorithm = (der: Uint8Array) => {
    const a = algorithmOf(readTlv(der))
    return { oid: a.algorithmId, params: a.params ? toHex(a.params) : null }
  }
  const extensions = p.extensions
    ? children(children(p.extensions)[0] as Tlv).map((item) => {
        const fields = children(item)
        const critical = fields.length === 3 && (fields[1] as Tlv).end > (fields[1] as Tlv).start && fields[1]!.bytes[fields[1]!.start] !== 0
        return { oid: oidText(fields[0] as Tlv), critical, value: toHex(contents(fields[fields.length - 1] as Tlv)) }
      })
    : []
  return {
    version: p.version,
    innerAlgorithm: algorithm(p.innerAlgorithm),
    signatureAlgorithm: algorithm(p.outerAlgorithm),
    publicKey: { oid: p.key.algorithmId, params: p.key.params ? toHex(p.key.params) : null, key: toHex(p.key.key) },
    issuerUniqueId: p.issuerUniqueId ? toHex(contents(p.issuerUniqueId)) : null,
    subjectUniqueId: p.subjectUniqueId ? toHex(contents(p.subjectUniqueId)) : null,
    extensions,
    signature: toHex(p.signature),
    tbs: p.tbs,
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0

/** Whether `cert`'s signature verifies with `issuer`'s public key (GOST: the parameter set of the issuer's key). */
export function verifyCertificateSignature(cert: CertificateInfo, issuer: CertificateInfo): boolean {
  const subject = partsOf(cert)
  const signer = partsOf(issuer)
  // The inner and outer algorithm identifiers must agree (RFC 5280 4.1.1.2).
  if (!sameBytes(subject.innerAlgorithm, subject.outerAlgorithm)) return false
  return verifyWithKey(signer.key, subject.algorithm, subject.signature, subject.tbs)
}

/** PEM text of a certificate's DER. */
export const toPem = (der: Uint8Array): string => toPemText(der, "CERTIFICATE")
