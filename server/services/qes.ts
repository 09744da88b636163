/**
 * Remote identification by an existing qualified signature (63-FZ art. 18 p. 1.1): the applicant signs
 * the order's application (a one-time text naming the order, a `qes` challenge) with a valid qualified
 * certificate issued to the same person (docs/orders.md, "Remote identification"). The verifier is
 * injectable (`orderRoutes(app, deps, verifier)`); the real one is qes-verifier.ts.
 */

export interface QesApplicant {
  readonly orderId: number
  /** The holder's numbers the signature's certificate must carry: SNILS, else the personal INN. */
  readonly snils: string | null
  readonly inn: string | null
  readonly surname: string
  readonly fullName: string
}

/** What the applicant signed: the challenge's text and the detached CMS over it (Base64). */
export interface QesSignature {
  readonly text: string
  readonly signature: string
}

/** The signer's certificate of a verified signature, as the history note and the order record name it. */
export interface QesCertificate {
  readonly owner: string
  readonly serial: string
  readonly thumbprint: string
  readonly issuer: string
  readonly notAfter: Date
}

export type QesVerdict =
  | { readonly status: "verified"; readonly certificate: QesCertificate }
  /** `note`: the Russian reason, answered under `signature`. */
  | { readonly status: "rejected"; readonly note: string }

export interface QesVerifier {
  verifyApplicant(applicant: QesApplicant, signed: QesSignature): Promise<QesVerdict>
}

/** An order is identified by the applicant's qualified signature: remote, by 'qes' (or an order of options for an existing signature). */
export const identifiedByQes = (identification: string | null, preset: string, values: Readonly<Record<string, unknown>>) =>
  identification === "remote" && (values.remote_method === "qes" || preset.startsWith("order_option_"))

/** What the order records of a verified signature (orders.data `qes`; editing the order drops it). */
export interface QesRecord {
  readonly verified_at: string
  readonly owner: string
  readonly serial: string
  readonly thumbprint: string
  readonly issuer: string
  readonly not_after: string
}
