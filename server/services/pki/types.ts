/**
 * The contract of the PKI core (server/services/pki/): what the register, the validation API, the
 * binding, the sign-in by certificate and the МЧД registry call. Implementations live beside this
 * file (certificate.ts, csr.ts, crl.ts, ca.ts, cms.ts, trust.ts, validate.ts); this file only types.
 * Every function that reads user input throws `PkiInputError` (a Russian message, mapped to 422) for
 * bytes that are not what was asked for, never a bare library error.
 */

export type OwnerKind = "legal_entity" | "entrepreneur" | "individual_person"

/** One attribute of a distinguished name, decoded: the Russian ones (ИНН, ИНН ЮЛ, ОГРН, ОГРНИП, СНИЛС) by name. */
export interface NameAttribute {
  readonly oid: string
  /** 'CN', 'O', 'SN', 'G', 'T', 'INN', 'INNLE', 'OGRN', 'OGRNIP', 'SNILS', 'E', 'C', 'S', 'L', 'STREET', ... or the OID. */
  readonly short: string
  /** Russian label: 'Владелец', 'Организация', 'Фамилия', 'Имя и отчество', 'ИНН', 'ИНН ЮЛ', 'ОГРН', 'СНИЛС', ... */
  readonly label: string
  readonly value: string
}

export interface DistinguishedName {
  readonly attributes: readonly NameAttribute[]
  /** One line, RFC 4514 order reversed as CryptoPro shows it: 'CN=…, O=…, ИНН ЮЛ=…'. */
  readonly text: string
  readonly commonName: string | null
  readonly organization: string | null
  readonly surname: string | null
  readonly givenNames: string | null
  readonly title: string | null
  /** The person's INN (12 digits, OID 1.2.643.3.131.1.1). */
  readonly inn: string | null
  /** The organisation's INN (10 digits, INNLE 1.2.643.100.4). */
  readonly innle: string | null
  readonly ogrn: string | null
  readonly ogrnip: string | null
  readonly snils: string | null
  readonly email: string | null
}

export type PublicKeyKind = "gost2012-256" | "gost2012-512" | "rsa" | "ecdsa" | "other"

export interface CertificateInfo {
  readonly der: Uint8Array
  /** Serial number, lower-case hex, as the DER integer's bytes (leading 00 of a positive number dropped). */
  readonly serial: string
  /** SHA-1 of the DER, lower-case hex. */
  readonly thumbprint: string
  readonly subject: DistinguishedName
  readonly issuer: DistinguishedName
  readonly notBefore: Date
  readonly notAfter: Date
  readonly publicKey: {
    readonly kind: PublicKeyKind
    /** 'ГОСТ Р 34.10-2012 (256 бит)', 'RSA (2048 бит)', 'ECDSA (P-256)'. */
    readonly label: string
    /** GOST parameter set or EC named curve OID. */
    readonly curveOid: string | null
  }
  readonly signatureAlgorithm: { readonly oid: string; readonly label: string }
  /** Russian labels of the key usage bits: 'Цифровая подпись', 'Неотрекаемость', ... */
  readonly keyUsage: readonly string[]
  readonly extendedKeyUsage: readonly { readonly oid: string; readonly label: string }[]
  readonly policies: readonly { readonly oid: string; readonly label: string }[]
  readonly isCa: boolean
  readonly subjectKeyId: string | null
  readonly authorityKeyId: string | null
  readonly crlDistributionPoints: readonly string[]
  readonly ownerKind: OwnerKind
  /** Issued as a qualified certificate (the subjectSignTool / issuerSignTool extensions of the FSB's order). */
  readonly qualified: boolean
}

/** What the demo CA puts in a certificate it issues: from the order's application, never from the request's own subject. */
export interface SubjectInput {
  readonly surname: string
  readonly givenNames: string
  readonly title?: string
  readonly organization?: string
  readonly inn?: string
  readonly innle?: string
  readonly ogrn?: string
  readonly ogrnip?: string
  readonly snils?: string
  readonly email?: string
  readonly region?: string
  readonly locality?: string
  readonly street?: string
}

export interface IssueInput {
  /** The customer's PKCS#10 request (DER, PEM or Base64): its signature is checked, its key certified. */
  readonly csr: Uint8Array | string
  readonly subject: SubjectInput
  readonly notBefore: Date
  readonly notAfter: Date
}

export type ChainStatus = "trusted" | "untrusted" | "broken"
export type RevocationStatus = "good" | "revoked" | "suspended" | "not_checked"

/** A certificate's revocation status; `note` (Russian) says why it was not checked, when it was not. */
export interface RevocationAnswer {
  readonly status: RevocationStatus
  readonly revokedAt: Date | null
  /** RFC 5280 CRLReason of a revoked one. */
  readonly reason: number | null
  readonly note?: string | null
}

export interface CertificateReport {
  readonly certificate: CertificateInfo
  /** The chain found, the certificate first, its trusted root last (when found). */
  readonly chain: readonly CertificateInfo[]
  readonly chainStatus: ChainStatus
  readonly revocation: RevocationAnswer
  /** At the time checked (now, or the signing time for a signer). */
  readonly withinValidity: boolean
  readonly valid: boolean
  /** One sentence in Russian: 'Сертификат действителен', 'Сертификат отозван 12.03.2026', ... */
  readonly verdict: string
}

export interface SignerReport {
  readonly certificate: CertificateReport | null
  readonly signingTime: Date | null
  /** The time of a CAdES-T signature timestamp, when there is one and it verifies (timestampCheck.valid). */
  readonly timestamp: Date | null
  /** The signature timestamp token's own check, when the signer carries one. */
  readonly timestampCheck: TimestampReport | null
  readonly digestAlgorithm: string
  /** Whether the messageDigest attribute matches the document; null when no document was at hand. */
  readonly digestMatches: boolean | null
  readonly signatureValid: boolean
  readonly verdict: string
}

/** A CAdES-T signature timestamp token: it fixes the signing time only when `valid`. */
export interface TimestampReport {
  /** The token's genTime (null when the token cannot be read). */
  readonly time: Date | null
  readonly valid: boolean
  /** 'Штамп времени действителен', or why it is not taken. */
  readonly verdict: string
  /** The time-stamping authority's certificate report, when the token names one. */
  readonly tsa: CertificateReport | null
}

export interface SignatureReport {
  readonly detached: boolean
  readonly signers: readonly SignerReport[]
  readonly valid: boolean
  /** 'Подпись действительна', 'Подпись недействительна: документ изменён после подписания', ... */
  readonly verdict: string
}

/** Where validation learns what is trusted and what is revoked (the database's trust_roots and our CRL). */
export interface TrustStore {
  roots(): Promise<readonly CertificateInfo[]>
  /**
   * Our CA's own status of a certificate it issued; for another CA's, given its `issuer` (the chain's
   * next link), the status on its CRL or OCSP responder fetched on demand (pki/revocation/), or
   * 'not_checked' with the reason. null when the certificate is not ours and no issuer is given.
   */
  revocationOf(certificate: CertificateInfo, issuer?: CertificateInfo | null): Promise<RevocationAnswer | null>
}

/** Bad input: the message is Russian and shown as is (API 422 under the field's name). */
export class PkiInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "PkiInputError"
  }
}
