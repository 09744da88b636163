import type { ReadableName } from "../../../schemas/certificate-names.ts"

/**
 * The validation API's reports as the page reads them (server/services/pki/validate.ts writes them:
 * certificateReportView, signatureReportView). Dates come as ISO and as dd.MM.yyyy HH:mm text.
 */
export interface When {
  readonly iso: string
  readonly text: string
}

export interface NameView {
  /** What the page shows: name, position, organisation, labelled ИНН/ОГРН/СНИЛС. */
  readonly readable: ReadableName
  /** The one-line DN ('CN=…, SN=…'), for programs; never shown. */
  readonly text: string
  readonly attributes: readonly { readonly short: string; readonly label: string; readonly value: string }[]
  readonly commonName: string | null
  readonly organization: string | null
}

export interface CertificateView {
  readonly valid: boolean
  readonly verdict: string
  readonly subject: NameView
  readonly issuer: NameView
  readonly serial: string
  readonly thumbprint: string
  readonly validity: string
  readonly withinValidity: boolean
  readonly publicKey: string
  readonly signatureAlgorithm: string
  readonly keyUsage: readonly string[]
  readonly extendedKeyUsage: readonly string[]
  readonly policies: readonly string[]
  readonly chain: { readonly status: "trusted" | "untrusted" | "broken"; readonly text: string; readonly certificates: readonly { readonly name: string }[] }
  readonly revocation: { readonly status: "good" | "revoked" | "suspended" | "not_checked"; readonly text: string; readonly reasonText: string | null }
}

export interface SignerView {
  readonly valid: boolean
  readonly verdict: string
  readonly certificate: CertificateView | null
  readonly signingTime: When | null
  readonly timestamp: When | null
  /** The signature timestamp token's own check: it fixes the time only when valid. */
  readonly timestampCheck: { readonly valid: boolean; readonly verdict: string; readonly time: When | null; readonly tsa: { readonly readable: ReadableName; readonly verdict: string } | null } | null
  readonly digestAlgorithm: string
  readonly digestMatches: boolean | null
  readonly digestText: string
  readonly signatureValid: boolean
  readonly signatureText: string
}

export interface SignatureView {
  readonly valid: boolean
  readonly verdict: string
  readonly detached: boolean
  readonly kind: string
  readonly signers: readonly SignerView[]
}

/** A signature inside a PDF (server/services/pki/pdf-check.ts pdfReportView). */
export interface PdfSignatureView {
  /** null: a form not checked (adbe.pkcs7.sha1, a document timestamp). */
  readonly valid: boolean | null
  readonly verdict: string
  readonly format: string | null
  /** /M: the time the signing software wrote into the PDF. */
  readonly time: When | null
  /** none: the signature covers the whole file; signatures: only later signatures' revisions follow; changed: other changes follow; null: its /ByteRange is unusable. */
  readonly changes: "none" | "signatures" | "changed" | null
  readonly changesText: string | null
  readonly signer: SignerView | null
}

export interface PdfView {
  readonly kind: "pdf"
  readonly valid: boolean
  readonly verdict: string
  readonly revisions: number
  readonly signatures: readonly PdfSignatureView[]
}

export const isPdfView = (r: unknown): r is PdfView => typeof r === "object" && r !== null && (r as { kind?: unknown }).kind === "pdf"
export const isSignatureView = (r: unknown): r is SignatureView => typeof r === "object" && r !== null && Array.isArray((r as { signers?: unknown }).signers)
export const isCertificateView = (r: unknown): r is CertificateView => typeof r === "object" && r !== null && typeof (r as { thumbprint?: unknown }).thumbprint === "string"
