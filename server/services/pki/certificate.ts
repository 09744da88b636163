import { createHash } from "node:crypto"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { parseAsn1, readDer, serialHex, toHex, toPemText } from "./der.ts"
import { decodeName } from "./names.ts"
import { EXTENDED_KEY_USAGES, EXTENSION, KEY_USAGE_BITS, POLICIES } from "./oids.ts"
import { describePublicKey, signatureAlgorithmLabel, verifySignature } from "./signatures.ts"
import { type CertificateInfo, type OwnerKind, PkiInputError } from "./types.ts"

/**
 * X.509 certificates: DER, PEM or Base64 in, CertificateInfo out (pkijs for the structure, the
 * Russian names from oids.ts), and the check of a certificate's signature by its issuer's key.
 */

export const NOT_A_CERTIFICATE = "Файл не является сертификатом"

const PEM_LABELS = ["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE"]

/** The pkijs object of each parsed certificate, so that a signature check does not parse it again. */
const parsed = new WeakMap<CertificateInfo, pkijs.Certificate>()

function extensionValue<T>(cert: pkijs.Certificate, oid: string): T | undefined {
  return cert.extensions?.find((e) => e.extnID === oid)?.parsedValue as T | undefined
}

function keyUsage(cert: pkijs.Certificate): string[] {
  const bits = extensionValue<asn1js.BitString>(cert, EXTENSION.KEY_USAGE)
  if (!(bits instanceof asn1js.BitString)) return []
  const bytes = bits.valueBlock.valueHexView
  return KEY_USAGE_BITS.filter((_, i) => ((bytes[i >> 3] ?? 0) & (0x80 >> (i & 7))) !== 0)
}

function distributionPoints(cert: pkijs.Certificate): string[] {
  const cdp = extensionValue<pkijs.CRLDistributionPoints>(cert, EXTENSION.CRL_DISTRIBUTION_POINTS)
  const urls: string[] = []
  for (const point of cdp?.distributionPoints ?? []) {
    const names = point.distributionPoint
    if (!Array.isArray(names)) continue
    for (const name of names) if (name.type === 6 && typeof name.value === "string") urls.push(name.value)
  }
  return urls
}

function octets(value: asn1js.OctetString | undefined): string | null {
  return value instanceof asn1js.OctetString ? toHex(value.valueBlock.valueHexView) : null
}

export function ownerKindOf(subject: { ogrnip: string | null; innle: string | null; ogrn: string | null }): OwnerKind {
  if (subject.ogrnip) return "entrepreneur"
  if (subject.innle || subject.ogrn) return "legal_entity"
  return "individual_person"
}

function fromPkijs(der: Uint8Array, cert: pkijs.Certificate): CertificateInfo {
  const subject = decodeName(cert.subject)
  const has = (oid: string) => cert.extensions?.some((e) => e.extnID === oid) ?? false
  const info: CertificateInfo = {
    der,
    serial: serialHex(cert.serialNumber),
    thumbprint: createHash("sha1").update(der).digest("hex"),
    subject,
    issuer: decodeName(cert.issuer),
    notBefore: cert.notBefore.value,
    notAfter: cert.notAfter.value,
    publicKey: describePublicKey(cert.subjectPublicKeyInfo),
    signatureAlgorithm: { oid: cert.signatureAlgorithm.algorithmId, label: signatureAlgorithmLabel(cert.signatureAlgorithm.algorithmId) },
    keyUsage: keyUsage(cert),
    extendedKeyUsage: (extensionValue<pkijs.ExtKeyUsage>(cert, EXTENSION.EXT_KEY_USAGE)?.keyPurposes ?? []).map((oid) => ({
      oid,
      label: EXTENDED_KEY_USAGES[oid] ?? oid,
    })),
    policies: (extensionValue<pkijs.CertificatePolicies>(cert, EXTENSION.CERTIFICATE_POLICIES)?.certificatePolicies ?? []).map((p) => ({
      oid: p.policyIdentifier,
      label: POLICIES[p.policyIdentifier] ?? p.policyIdentifier,
    })),
    isCa: extensionValue<pkijs.BasicConstraints>(cert, EXTENSION.BASIC_CONSTRAINTS)?.cA === true,
    subjectKeyId: octets(extensionValue<asn1js.OctetString>(cert, EXTENSION.SUBJECT_KEY_ID)),
    authorityKeyId: octets(extensionValue<pkijs.AuthorityKeyIdentifier>(cert, EXTENSION.AUTHORITY_KEY_ID)?.keyIdentifier),
    crlDistributionPoints: distributionPoints(cert),
    ownerKind: ownerKindOf(subject),
    qualified: has(EXTENSION.SUBJECT_SIGN_TOOL) && has(EXTENSION.ISSUER_SIGN_TOOL),
  }
  parsed.set(info, cert)
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
  const cert = pkijsCertificate(der)
  try {
    return fromPkijs(new Uint8Array(der), cert)
  } catch (error) {
    if (error instanceof PkiInputError) throw error
    throw new PkiInputError(NOT_A_CERTIFICATE)
  }
}

/** The pkijs object behind a CertificateInfo (parsed again only for one built elsewhere). */
export function pkijsOf(info: CertificateInfo): pkijs.Certificate {
  return parsed.get(info) ?? pkijsCertificate(info.der)
}

/** Whether `cert`'s signature verifies with `issuer`'s public key (GOST: the parameter set of the issuer's key). */
export function verifyCertificateSignature(cert: CertificateInfo, issuer: CertificateInfo): boolean {
  const subject = pkijsOf(cert)
  const signer = pkijsOf(issuer)
  // The inner and outer algorithm identifiers must agree (RFC 5280 4.1.1.2).
  if (subject.signature.algorithmId !== subject.signatureAlgorithm.algorithmId) return false
  return verifySignature(signer.subjectPublicKeyInfo, subject.signatureAlgorithm, subject.signatureValue.valueBlock.valueHexView, subject.tbsView)
}

/** PEM text of a certificate's DER. */
export const toPem = (der: Uint8Array): string => toPemText(der, "CERTIFICATE")
