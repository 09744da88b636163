import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { pkijsOf } from "./certificate.ts"
import { parseAsn1, readDer, serialHex, toHex } from "./der.ts"
import { decodeName } from "./names.ts"
import { EXTENSION } from "./oids.ts"
import { verifySignature } from "./signatures.ts"
import { type CertificateInfo, type DistinguishedName, PkiInputError } from "./types.ts"

/**
 * Certificate revocation lists (RFC 5280, v1 and v2): parsed and checked against their issuer's key
 * (GOST, RSA, ECDSA). A CRL without entries has no revokedCertificates field at all (RFC 5280
 * 5.1.2.6); one with an empty SEQUENCE in its place (what pkijs and some CAs write) is read too.
 */

export const NOT_A_CRL = "Файл не является списком отозванных сертификатов (CRL)"

export interface CrlEntryInfo {
  readonly serial: string
  readonly revokedAt: Date
  /** RFC 5280 CRLReason; 0 (unspecified) when the entry has no reasonCode. */
  readonly reason: number
}

export interface ParsedCrl {
  readonly der: Uint8Array
  readonly issuer: DistinguishedName
  readonly thisUpdate: Date
  readonly nextUpdate: Date | null
  /** The CRLNumber extension; null on a CRL without it. */
  readonly number: number | null
  readonly authorityKeyId: string | null
  readonly entries: readonly CrlEntryInfo[]
}

const parsed = new WeakMap<ParsedCrl, pkijs.CertificateRevocationList>()

function reasonOf(entry: pkijs.RevokedCertificate): number {
  const extension = entry.crlEntryExtensions?.extensions.find((e) => e.extnID === EXTENSION.REASON_CODE)
  if (!extension) return 0
  const value = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView).result
  return value instanceof asn1js.Enumerated ? value.valueBlock.valueDec : 0
}

function crlNumber(crl: pkijs.CertificateRevocationList): number | null {
  const extension = crl.crlExtensions?.extensions.find((e) => e.extnID === EXTENSION.CRL_NUMBER)
  if (!extension) return null
  const value = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView).result
  if (!(value instanceof asn1js.Integer)) return null
  return Number(value.toBigInt())
}

function authorityKeyId(crl: pkijs.CertificateRevocationList): string | null {
  const extension = crl.crlExtensions?.extensions.find((e) => e.extnID === EXTENSION.AUTHORITY_KEY_ID)
  const keyId = (extension?.parsedValue as pkijs.AuthorityKeyIdentifier | undefined)?.keyIdentifier
  return keyId instanceof asn1js.OctetString ? toHex(keyId.valueBlock.valueHexView) : null
}

export function parseCrl(input: Uint8Array | string): ParsedCrl {
  const der = readDer(input, ["X509 CRL"], NOT_A_CRL)
  const asn1 = parseAsn1(der, NOT_A_CRL)
  try {
    const crl = new pkijs.CertificateRevocationList({ schema: asn1 })
    const result: ParsedCrl = {
      der: new Uint8Array(der),
      issuer: decodeName(crl.issuer),
      thisUpdate: crl.thisUpdate.value,
      nextUpdate: crl.nextUpdate?.value ?? null,
      number: crlNumber(crl),
      authorityKeyId: authorityKeyId(crl),
      entries: (crl.revokedCertificates ?? []).map((entry) => ({
        serial: serialHex(entry.userCertificate),
        revokedAt: entry.revocationDate.value,
        reason: reasonOf(entry),
      })),
    }
    parsed.set(result, crl)
    return result
  } catch {
    throw new PkiInputError(NOT_A_CRL)
  }
}

/** Whether the CRL's signature verifies with `issuer`'s key (GOST: the issuer key's parameter set). */
export function verifyCrl(crl: ParsedCrl, issuer: CertificateInfo): boolean {
  const list = parsed.get(crl) ?? new pkijs.CertificateRevocationList({ schema: parseAsn1(crl.der, NOT_A_CRL) })
  if (list.signature.algorithmId !== list.signatureAlgorithm.algorithmId) return false
  return verifySignature(pkijsOf(issuer).subjectPublicKeyInfo, list.signatureAlgorithm, list.signatureValue.valueBlock.valueHexView, list.tbsView)
}
