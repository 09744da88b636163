import { SignerError } from "./signer.ts"

/**
 * A failure of signing-then-sending as the form shows it: the Signer's own failure and the server's
 * refusals of the signature or the challenge stand under the certificate field (where the customer
 * fixes them: another certificate, another try); other field errors (password, epoa) stay theirs.
 */
export function asCertificateFailure(e: unknown, field = "certificate"): unknown {
  if (e instanceof SignerError) return { message: e.message, status: 422, details: { [field]: [e.message] } }
  const err = e as { message?: string; status?: number; details?: Record<string, unknown> }
  if (err?.status === 422 && err.details) {
    const { signature, challenge_id, ...rest } = err.details
    const moved = [signature, challenge_id].flatMap((v) => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]))
    if (moved.length > 0) return { ...err, details: { ...rest, [field]: moved } }
  }
  return e
}
