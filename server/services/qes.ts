/**
 * Remote identification by an existing qualified signature (63-FZ art. 18 p. 1.1): the applicant signs
 * the application with a valid qualified certificate issued to the same person. Checking that signature
 * (the chain to a trusted CA, revocation, the holder's SNILS/INN matching the order) is the trust
 * issue's validation; this module is its SEAM. The default implementation does not pretend: it answers
 * `unavailable`, and the order goes on with a history note that the CA's specialist checks the
 * signature by hand (docs/orders.md, "Remote identification").
 */

export interface QesApplicant {
  readonly orderId: number
  /** The holder's numbers the signature's certificate must carry. */
  readonly snils: string | null
  readonly inn: string | null
  readonly fullName: string
}

export type QesVerdict =
  | { readonly status: "verified"; readonly note: string }
  | { readonly status: "rejected"; readonly note: string }
  | { readonly status: "unavailable"; readonly note: string }

export interface QesVerifier {
  verifyApplicant(applicant: QesApplicant): Promise<QesVerdict>
}

/** No trusted-signature validation is wired yet: says so, never "verified". */
export const unavailableQesVerifier = (note: string): QesVerifier => ({
  verifyApplicant: async () => ({ status: "unavailable", note }),
})
