import { createHash, randomBytes } from "node:crypto"
import { readFile } from "node:fs/promises"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { CA_ISSUER_SIGN_TOOL, CA_SERIAL_BYTES, CA_SUBJECT_SIGN_TOOL } from "../../../schemas/constants.ts"
import type { Config } from "../../config.ts"
import { pkijsCertificate, parseCertificate } from "./certificate.ts"
import { NOT_A_CSR, parseCsr } from "./csr.ts"
import { encode, tlv } from "./der.ts"
import { gostSign, gostVerify } from "./gost.ts"
import { subjectName } from "./names.ts"
import { EKU, EXTENSION, GOST_SIGNATURE, KEY_USAGE, POLICY } from "./oids.ts"
import { type GostPrivateKey, parseGostPrivateKey } from "./private-key.ts"
import { gostKeyOf } from "./signatures.ts"
import { type CertificateInfo, type IssueInput, PkiInputError, type SubjectInput } from "./types.ts"

/**
 * The embedded default's demo CA: its GOST R 34.10-2012 key and certificate are read from files
 * (CA_KEY_FILE, CA_CERT_FILE; the committed demo CA by default, docs/pki.md). It certifies PKCS#10
 * requests as qualified certificates (the FSB's order No 795: subject attributes, subjectSignTool,
 * issuerSignTool, policies) and signs its CRL. DER is assembled here (asn1js and pkijs for the
 * parts), signed with gost.ts, and parsed back through parseCertificate.
 */

export interface CrlEntry {
  /** Lower-case hex, as CertificateInfo.serial. */
  readonly serial: string
  readonly revokedAt: Date
  /** RFC 5280 CRLReason; 0 (unspecified) is written without the reasonCode extension, as RFC 5280 advises. */
  readonly reason: number
}

export interface Ca {
  readonly certificate: CertificateInfo
  /** `${siteUrl}/cdp/${caSki}.crl`: the CRL distribution point of every certificate it issues. */
  readonly crlUrl: string
  /** The files and site address it was loaded from (loadCa): a worker thread loads the same CA from them. */
  readonly source?: CaConfig
  issue(input: IssueInput): CertificateInfo
  buildCrl(entries: readonly CrlEntry[], number: number, thisUpdate: Date, nextUpdate: Date): Uint8Array
}

export type CaConfig = { readonly caKeyFile: string; readonly caCertFile: string } & Pick<Config, "siteUrl">

export const CSR_SIGNATURE_INVALID = "Подпись запроса на сертификат не прошла проверку"
export const CSR_NOT_GOST = "Ключ запроса должен быть ключом ГОСТ Р 34.10-2012"
const BAD_VALIDITY = "Срок действия сертификата указан неверно"

/** Digits-only checks of the Russian numbers the CA writes (control digits are the order form's concern). */
const NUMBERS: readonly (readonly [keyof SubjectInput, number, string])[] = [
  ["inn", 12, "ИНН физического лица должен состоять из 12 цифр"],
  ["innle", 10, "ИНН организации должен состоять из 10 цифр"],
  ["ogrn", 13, "ОГРН должен состоять из 13 цифр"],
  ["ogrnip", 15, "ОГРНИП должен состоять из 15 цифр"],
  ["snils", 11, "СНИЛС должен состоять из 11 цифр"],
]

function normalizedSubject(input: SubjectInput): SubjectInput {
  if (!input.surname?.trim() || !input.givenNames?.trim()) throw new PkiInputError("Укажите фамилию, имя и отчество владельца")
  const out: Record<string, string | undefined> = { ...input }
  for (const [field, length, message] of NUMBERS) {
    const value = input[field]
    if (value === undefined || value === "") continue
    const digits = field === "snils" ? value.replace(/[\s-]/g, "") : value.trim()
    if (!new RegExp(`^\\d{${length}}$`).test(digits)) throw new PkiInputError(message)
    out[field] = digits
  }
  return out as unknown as SubjectInput
}

/** UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 4.1.2.5). */
const time = (value: Date): pkijs.Time => new pkijs.Time({ type: value.getUTCFullYear() < 2050 ? 0 : 1, value })

/** A KeyUsage BIT STRING of the given bit numbers, trailing zero bits dropped as DER requires. */
function keyUsageBits(bits: readonly number[]): asn1js.BitString {
  const last = Math.max(...bits)
  const bytes = new Uint8Array(Math.floor(last / 8) + 1)
  for (const bit of bits) bytes[bit >> 3] = (bytes[bit >> 3] as number) | (0x80 >> (bit & 7))
  return new asn1js.BitString({ valueHex: bytes, unusedBits: 7 - (last % 8) })
}

const extension = (oid: string, value: Uint8Array, critical = false): pkijs.Extension =>
  new pkijs.Extension({ extnID: oid, critical, extnValue: value.slice().buffer })

function positiveSerial(): Uint8Array {
  const bytes = new Uint8Array(randomBytes(CA_SERIAL_BYTES))
  bytes[0] = (bytes[0] as number) & 0x7f || 0x01
  return bytes
}

function integerOfHex(hex: string): asn1js.Integer {
  let bytes = new Uint8Array(Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex"))
  if (bytes.length === 0 || (bytes[0] as number) >= 0x80) bytes = new Uint8Array([0, ...bytes])
  return new asn1js.Integer({ valueHex: bytes })
}

class DemoCa implements Ca {
  readonly crlUrl: string
  private readonly subjectDer: Uint8Array
  private readonly keyId: Uint8Array
  private readonly signatureAlgorithm: Uint8Array

  constructor(
    readonly certificate: CertificateInfo,
    private readonly key: GostPrivateKey,
    siteUrl: string,
  ) {
    if (!certificate.subjectKeyId) throw new Error("The CA's certificate has no subject key identifier")
    this.keyId = new Uint8Array(Buffer.from(certificate.subjectKeyId, "hex"))
    this.crlUrl = `${siteUrl.replace(/\/+$/, "")}/cdp/${certificate.subjectKeyId}.crl`
    // The issuer name is the CA certificate's subject, byte for byte (name chaining compares the encoding).
    const tbs = (asn1js.fromBER(certificate.der).result as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence
    const fields = tbs.valueBlock.value
    const subjectAt = fields[0]?.idBlock.tagClass === 3 ? 5 : 4
    this.subjectDer = new Uint8Array((fields[subjectAt] as asn1js.Sequence).valueBeforeDecodeView)
    // GOST signature algorithm identifiers carry no parameters (RFC 9215, 3.2).
    this.signatureAlgorithm = encode(new pkijs.AlgorithmIdentifier({ algorithmId: GOST_SIGNATURE[key.bits] }).toSchema())
  }

  private sign(tbs: Uint8Array): Uint8Array {
    const signature = gostSign(this.key, tbs)
    return tlv(0x30, tbs, this.signatureAlgorithm, encode(new asn1js.BitString({ valueHex: signature })))
  }

  issue(input: IssueInput): CertificateInfo {
    let csr: ReturnType<typeof parseCsr>
    try {
      csr = parseCsr(input.csr)
    } catch (error) {
      throw error instanceof PkiInputError ? error : new PkiInputError(NOT_A_CSR)
    }
    if (!csr.signatureValid) throw new PkiInputError(CSR_SIGNATURE_INVALID)
    if (csr.publicKey.kind !== "gost2012-256" && csr.publicKey.kind !== "gost2012-512") throw new PkiInputError(CSR_NOT_GOST)
    const subject = normalizedSubject(input.subject)
    if (!(input.notBefore instanceof Date) || !(input.notAfter instanceof Date) || !(input.notAfter.getTime() > input.notBefore.getTime()))
      throw new PkiInputError(BAD_VALIDITY)
    const spki = new pkijs.PublicKeyInfo({ schema: asn1js.fromBER(csr.publicKeyInfo).result })
    // RFC 5280 4.2.1.2 (1): SHA-1 of the subjectPublicKey BIT STRING's value.
    const ski = createHash("sha1").update(spki.subjectPublicKey.valueBlock.valueHexView).digest()
    const second = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000)
    const extensions = [
      extension(EXTENSION.BASIC_CONSTRAINTS, encode(new pkijs.BasicConstraints({ cA: false }).toSchema())),
      extension(EXTENSION.KEY_USAGE, encode(keyUsageBits([KEY_USAGE.digitalSignature, KEY_USAGE.nonRepudiation, KEY_USAGE.keyEncipherment])), true),
      extension(EXTENSION.EXT_KEY_USAGE, encode(new pkijs.ExtKeyUsage({ keyPurposes: [EKU.CLIENT_AUTH, EKU.EMAIL] }).toSchema())),
      extension(
        EXTENSION.CERTIFICATE_POLICIES,
        encode(new pkijs.CertificatePolicies({ certificatePolicies: [POLICY.KC1, POLICY.KC2].map((policyIdentifier) => new pkijs.PolicyInformation({ policyIdentifier })) }).toSchema()),
      ),
      extension(EXTENSION.SUBJECT_KEY_ID, encode(new asn1js.OctetString({ valueHex: ski }))),
      extension(EXTENSION.AUTHORITY_KEY_ID, encode(new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: this.keyId }) }).toSchema())),
      extension(
        EXTENSION.CRL_DISTRIBUTION_POINTS,
        encode(
          new pkijs.CRLDistributionPoints({
            distributionPoints: [new pkijs.DistributionPoint({ distributionPoint: [new pkijs.GeneralName({ type: 6, value: this.crlUrl })] })],
          }).toSchema(),
        ),
      ),
      extension(EXTENSION.SUBJECT_SIGN_TOOL, encode(new asn1js.Utf8String({ value: CA_SUBJECT_SIGN_TOOL }))),
      extension(EXTENSION.ISSUER_SIGN_TOOL, encode(new asn1js.Sequence({ value: CA_ISSUER_SIGN_TOOL.map((value) => new asn1js.Utf8String({ value })) }))),
    ]
    const tbs = tlv(
      0x30,
      encode(new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.Integer({ value: 2 })] })),
      encode(new asn1js.Integer({ valueHex: positiveSerial() })),
      this.signatureAlgorithm,
      this.subjectDer,
      encode(new asn1js.Sequence({ value: [time(second(input.notBefore)).toSchema(), time(second(input.notAfter)).toSchema()] })),
      subjectName(subject),
      csr.publicKeyInfo,
      encode(
        new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 3 },
          value: [new asn1js.Sequence({ value: extensions.map((e) => e.toSchema()) })],
        }),
      ),
    )
    return parseCertificate(this.sign(tbs))
  }

  buildCrl(entries: readonly CrlEntry[], number: number, thisUpdate: Date, nextUpdate: Date): Uint8Array {
    const revoked = entries.map((entry) => {
      const fields: asn1js.AsnType[] = [integerOfHex(entry.serial), time(entry.revokedAt).toSchema()]
      if (entry.reason !== 0) {
        const reason = encode(new asn1js.Enumerated({ value: entry.reason }))
        fields.push(new asn1js.Sequence({ value: [extension(EXTENSION.REASON_CODE, reason).toSchema()] }))
      }
      return new asn1js.Sequence({ value: fields })
    })
    const crlExtensions = [
      extension(EXTENSION.AUTHORITY_KEY_ID, encode(new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: this.keyId }) }).toSchema())),
      extension(EXTENSION.CRL_NUMBER, encode(new asn1js.Integer({ value: number }))),
    ]
    const tbs = tlv(
      0x30,
      encode(new asn1js.Integer({ value: 1 })),
      this.signatureAlgorithm,
      this.subjectDer,
      encode(time(thisUpdate).toSchema()),
      encode(time(nextUpdate).toSchema()),
      // An empty revokedCertificates is left out, not written as an empty SEQUENCE (RFC 5280 5.1.2.6).
      ...(revoked.length > 0 ? [encode(new asn1js.Sequence({ value: revoked }))] : []),
      encode(
        new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 0 },
          value: [new asn1js.Sequence({ value: crlExtensions.map((e) => e.toSchema()) })],
        }),
      ),
    )
    return this.sign(tbs)
  }
}

/** A CA from its key (PKCS#8 PEM) and certificate (DER or PEM); the key must be the certificate's. */
export function createCa(keyFile: Uint8Array | string, certFile: Uint8Array | string, siteUrl: string): Ca {
  const key = parseGostPrivateKey(keyFile)
  const certificate = parseCertificate(certFile)
  const publicKey = gostKeyOf(pkijsCertificate(certificate.der).subjectPublicKeyInfo)
  const probe = new TextEncoder().encode("CA key check")
  if (!publicKey || publicKey.curveOid !== key.curveOid || !gostVerify(publicKey, gostSign(key, probe), probe))
    throw new Error("The CA's private key does not match its certificate")
  return new DemoCa(certificate, key, siteUrl)
}

export async function loadCa(config: CaConfig): Promise<Ca> {
  const [key, cert] = await Promise.all([readFile(config.caKeyFile, "utf8"), readFile(config.caCertFile)])
  const ca = createCa(key, new Uint8Array(cert), config.siteUrl)
  const source: CaConfig = { caKeyFile: config.caKeyFile, caCertFile: config.caCertFile, siteUrl: config.siteUrl }
  return Object.assign(ca, { source })
}

