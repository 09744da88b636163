import type { CertChallenge, CertificateBinding, ChallengePurpose, EpoaChoice } from "../../../schemas/entities/signer.ts"
import { api, call } from "../../api/client.ts"

/* The API of signing with a certificate (docs/signer.md): challenges, bindings, sign-in, МЧД. */

/** Step 1 of the sign-in by certificate: the session at once, or the code word asked. */
export type CertSignInAnswer = { readonly vector_required: true; readonly challenge_id: string } | ({ readonly jwt: string } & Record<string, unknown>)

export const createChallenge = (purpose: ChallengePurpose) =>
  call(async () => (await api<{ data: CertChallenge }>("/api/v1/cert_auth/challenges/", { method: "POST", body: { purpose } })).data)

export const listBindings = () => call(async () => (await api<{ data: CertificateBinding[] }>("/api/v1/cert_auth/bindings/")).data)

export const bindCertificate = (challengeId: string, signature: string, password: string) =>
  call(async () => (await api<{ data: CertificateBinding }>("/api/v1/cert_auth/bindings/", { method: "POST", body: { challenge_id: challengeId, signature, password } })).data)

export const unbindCertificate = (id: string) => call(() => api(`/api/v1/cert_auth/bindings/${encodeURIComponent(id)}/`, { method: "DELETE" }))

export const signInByCertificate = (challengeId: string, signature: string) =>
  call(() => api<CertSignInAnswer>("/api/v1/cert_auth/sign_in/", { method: "POST", body: { challenge_id: challengeId, signature } }))

export const signInVector = (challengeId: string, nonce: string, vector: string) =>
  call(() => api<{ jwt: string } & Record<string, unknown>>("/api/v1/cert_auth/sign_in/vector/", { method: "POST", body: { challenge_id: challengeId, nonce, vector } }))

/**
 * The МЧД of a certificate's holder: `{ certificate }` when it is bound to the account, else with the
 * proof of its key, its signature over an `epoas` challenge (the server refuses anything else, 403).
 */
export type EpoaLookup = { readonly certificate: string } | { readonly certificate: string; readonly challenge_id: string; readonly signature: string }

export const epoasOf = (lookup: EpoaLookup) =>
  call(async () => (await api<{ data: EpoaChoice[] }>("/api/v1/cert_auth/epoas/", { method: "POST", body: lookup })).data)

export const signForOrganisation = (challengeId: string, signature: string, epoaId: string) =>
  call(async () => api<{ data: EpoaChoice; message: string }>("/api/v1/cert_auth/org_signatures/", { method: "POST", body: { challenge_id: challengeId, signature, epoa_id: epoaId } }))

/** PKI-CMS's public validation of a certificate (the workplace check's trust column). */
export interface CertificateCheck {
  readonly chainStatus: "trusted" | "untrusted" | "broken"
  readonly withinValidity: boolean
  readonly revocation: string
  readonly valid: boolean
  readonly verdict: string
}
