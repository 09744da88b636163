/**
 * What the server's cert-auth API (server/routes/cert-auth.ts) and the browser's Signer
 * (src/features/signer/signer-api.ts) exchange (docs/signer.md).
 */

/**
 * What a challenge is signed for: binding a certificate, signing in with it, proving one holds the
 * key before the МЧД of the certificate's holder are listed (`epoas`), signing for an organisation,
 * signing an order's application (`qes`: made by the order's own API, never by
 * /cert_auth/challenges/, so it is not in CHALLENGE_PURPOSES).
 */
export type ChallengePurpose = "bind" | "sign_in" | "epoas" | "org_sign" | "qes"
export const CHALLENGE_PURPOSES: readonly ChallengePurpose[] = ["bind", "sign_in", "epoas", "org_sign"]

/** A challenge: a random text, one use, 5 minutes. */
export interface CertChallenge {
  readonly id: string
  readonly nonce: string
  readonly expires_at: string
}

/** One binding as the account's list shows it. */
export interface CertificateBinding {
  readonly id: string
  readonly thumbprint: string
  readonly subject_name: string
  readonly issuer_name: string
  readonly serial: string
  readonly not_after: string
  readonly created_at: string
  /** The certificate, Base64 DER (the list offers it to sign with). */
  readonly certificate: string
  readonly in_register: boolean
}

/** A power of attorney as choose_certificate_epoa_frm offers it (source `epoas`). */
export interface EpoaChoice {
  readonly id: string
  readonly number: string
  readonly principal_org: string
  readonly principal_inn: string
  readonly valid_until: string
}
