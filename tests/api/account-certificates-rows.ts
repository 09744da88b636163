import { randomBytes, webcrypto } from "node:crypto"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import type { Db } from "../../server/db/index.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"

/**
 * Real X.509 certificates for the account's tests (docs/account-certificates.md), made in the test
 * with pkijs (ECDSA P-256 self-signed: WebCrypto has no GOST) with the Russian subject attributes and,
 * unless asked otherwise, the qualified certificate's extensions, and registered straight into the test
 * server's `certificates` table with the fields parseCertificate reads from them (as the register stores
 * them). Made at run time: their validity is relative to now (expiring, expired), which fixed files
 * could not keep.
 */
const engine = new pkijs.CryptoEngine({ name: "node", crypto: webcrypto as unknown as Crypto })

export interface CertificateSeed {
  readonly surname?: string
  readonly givenNames?: string
  readonly organization?: string
  readonly innle?: string
  readonly ogrn?: string
  readonly inn?: string
  readonly snils?: string
  readonly email?: string
  readonly notBefore?: Date
  readonly notAfter?: Date
  readonly qualified?: boolean
  readonly status?: "valid" | "revoked" | "suspended"
  readonly keyStorage?: "token" | "dss" | "file"
  readonly orderId?: number | null
  readonly confirmedAt?: string | null
}

export const DAY_MS = 24 * 60 * 60 * 1000

const attr = (type: string, value: asn1js.BaseStringBlock | asn1js.Utf8String | asn1js.PrintableString | asn1js.NumericString | asn1js.IA5String) => new pkijs.AttributeTypeAndValue({ type, value })

export async function makeCertificate(seed: CertificateSeed = {}): Promise<Uint8Array> {
  const keys = (await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as unknown as CryptoKeyPair
  const surname = seed.surname ?? "Иванов"
  const given = seed.givenNames ?? "Иван Иванович"
  const cert = new pkijs.Certificate()
  cert.version = 2
  cert.serialNumber = new asn1js.Integer({ valueHex: new Uint8Array([0x01, ...randomBytes(15)]) })
  const name = [
    attr("2.5.4.6", new asn1js.PrintableString({ value: "RU" })),
    ...(seed.organization ? [attr("2.5.4.10", new asn1js.Utf8String({ value: seed.organization }))] : []),
    attr("2.5.4.3", new asn1js.Utf8String({ value: seed.organization ?? `${surname} ${given}` })),
    attr("2.5.4.4", new asn1js.Utf8String({ value: surname })),
    attr("2.5.4.42", new asn1js.Utf8String({ value: given })),
    ...(seed.innle ? [attr("1.2.643.100.4", new asn1js.NumericString({ value: seed.innle }))] : []),
    ...(seed.ogrn ? [attr("1.2.643.100.1", new asn1js.NumericString({ value: seed.ogrn }))] : []),
    ...(seed.inn ? [attr("1.2.643.3.131.1.1", new asn1js.NumericString({ value: seed.inn }))] : []),
    ...(seed.snils ? [attr("1.2.643.100.3", new asn1js.NumericString({ value: seed.snils }))] : []),
    ...(seed.email ? [attr("1.2.840.113549.1.9.1", new asn1js.IA5String({ value: seed.email }))] : []),
  ]
  cert.subject.typesAndValues.push(...name)
  cert.issuer.typesAndValues.push(...name)
  cert.notBefore.value = seed.notBefore ?? new Date(Date.now() - 300 * DAY_MS)
  cert.notAfter.value = seed.notAfter ?? new Date(Date.now() + 100 * DAY_MS)
  const tool = () => new asn1js.Utf8String({ value: "СКЗИ «КриптоПро CSP»" })
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 })
  cert.extensions = [new pkijs.Extension({ extnID: "2.5.29.15", critical: true, extnValue: keyUsage.toBER(false) })]
  if (seed.qualified !== false) {
    cert.extensions.push(new pkijs.Extension({ extnID: "1.2.643.100.111", critical: false, extnValue: tool().toBER(false) }))
    cert.extensions.push(new pkijs.Extension({ extnID: "1.2.643.100.112", critical: false, extnValue: new asn1js.Sequence({ value: [tool(), tool(), tool(), tool()] }).toBER(false) }))
  }
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey, engine)
  await cert.sign(keys.privateKey, "SHA-256", engine)
  return new Uint8Array(cert.toSchema(true).toBER(false))
}

/** Registers a certificate of `userId` (made from the seed) as the register would; answers its public id and row id. */
export async function insertCertificate(db: Db, userId: number | null, seed: CertificateSeed = {}): Promise<{ publicId: string; id: number; serial: string; der: Uint8Array }> {
  const der = await makeCertificate(seed)
  const info = parseCertificate(der)
  const s = info.subject
  const at = new Date().toISOString()
  const publicId = randomBytes(16).toString("hex")
  const row = await db.kysely
    .insertInto("certificates")
    .values({
      public_id: publicId,
      serial: info.serial,
      thumbprint: info.thumbprint,
      issuer_dn: info.issuer.text,
      subject_dn: s.text,
      owner_kind: info.ownerKind,
      owner_person: [s.surname, s.givenNames].filter(Boolean).join(" ") || null,
      owner_org: s.organization,
      owner_inn: s.innle ?? s.inn,
      owner_ogrn: s.ogrn ?? s.ogrnip,
      owner_snils: s.snils,
      not_before: info.notBefore.toISOString(),
      not_after: info.notAfter.toISOString(),
      status: seed.status ?? "valid",
      revocation_reason: null,
      revoked_at: seed.status && seed.status !== "valid" ? at : null,
      der: Buffer.from(der).toString("base64"),
      source: "imported",
      key_storage: seed.keyStorage ?? "token",
      user_id: userId,
      order_id: seed.orderId ?? null,
      code_word_hash: null,
      confirmed_at: seed.confirmedAt ?? null,
      expiry_notices: "[]",
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  return { publicId, id: row.id, serial: info.serial, der }
}
