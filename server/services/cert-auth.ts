import { randomBytes } from "node:crypto"
import { CERT_CHALLENGE_TTL_MS, CERT_VECTOR_MAX_TRIES } from "../../schemas/constants.ts"
import type { CertChallenge, CertificateBinding, ChallengePurpose } from "../../schemas/entities/signer.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"
import { type Db, now } from "../db/index.ts"
import type { Deps } from "../lib/env.ts"
import { unprocessable } from "../lib/http.ts"
import { type CheckDeps, checkSignature } from "./heavy-work.ts"
import { type CertificateInfo, PkiInputError } from "./pki/types.ts"

/**
 * Challenges a customer signs with a certificate (binding it to the account, signing in with it) and
 * the check of such a signature (docs/signer.md). A challenge is a random text, one use, 5 minutes.
 */
/** The text the browser signs: the nonce's UTF-8 bytes (the plug-in signs them as Base64 → binary). */
export const challengeBytes = (nonce: string) => new TextEncoder().encode(nonce)

/** `textOf` wraps the random code in a text naming what is signed (an order's application: `qes`). */
export async function createChallenge(db: Db, purpose: ChallengePurpose, userId: number | null, textOf?: (code: string) => string): Promise<CertChallenge> {
  const k = db.kysely
  const at = new Date()
  // Expired challenges older than a day are swept with every new one: the table holds minutes of rows.
  await k.deleteFrom("cert_challenges").where("expires_at", "<", new Date(at.getTime() - 24 * 3600 * 1000).toISOString()).execute()
  // A text of its own carries 128 random bits (the nonce column holds 128 characters).
  const nonce = textOf ? textOf(randomBytes(16).toString("base64url")) : `ca-challenge-${purpose}-${randomBytes(32).toString("base64url")}`
  const expires = new Date(at.getTime() + CERT_CHALLENGE_TTL_MS).toISOString()
  const row = await k
    .insertInto("cert_challenges")
    .values({ nonce, purpose, user_id: userId, binding_id: null, created_at: at.toISOString(), expires_at: expires, used_at: null })
    .returning("id")
    .executeTakeFirstOrThrow()
  return { id: String(row.id), nonce, expires_at: expires }
}

/**
 * Spends a challenge (one use): answers its row, or throws 422 `challenge_id` when it is unknown,
 * of another purpose or account, expired or used. The conditional update makes two concurrent uses
 * of one challenge impossible.
 */
export async function spendChallenge(db: Db, id: number | null, purpose: ChallengePurpose, userId: number | null) {
  const k = db.kysely
  const at = now()
  const invalid = () => unprocessable({ challenge_id: [t.challengeInvalid] })
  if (id === null) throw invalid()
  let q = k.updateTable("cert_challenges").set({ used_at: at }).where("id", "=", id).where("purpose", "=", purpose).where("used_at", "is", null).where("expires_at", ">", at)
  q = userId === null ? q.where("user_id", "is", null) : q.where("user_id", "=", userId)
  const res = await q.executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw invalid()
  return k.selectFrom("cert_challenges").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
}

/** The Russian reason of each refusal of `checkSignedText`, in the order they are checked. */
export interface SignedTextRefusals {
  readonly required: string
  readonly notCms: string
  readonly oneSigner: string
  readonly invalid: string
  readonly untrusted: string
  /** Set: the certificate must be qualified (checked right after the chain). */
  readonly notQualified?: string
  readonly expired: string
  readonly revoked: string
  readonly suspended: string
}

/**
 * Verifies a detached CMS (Base64) over a challenge's text: the one signature valid over that text,
 * the chain trusted, qualified when asked, within validity now, not revoked nor suspended. The first
 * failure's reason, or the signer's certificate. The binding, the sign-in and the order's
 * qualified-signature check (qes-verifier.ts) all ask this.
 */
export async function checkSignedText(
  deps: CheckDeps,
  signature: string,
  text: string,
  refusals: SignedTextRefusals,
): Promise<{ readonly ok: true; readonly certificate: CertificateInfo } | { readonly ok: false; readonly reason: string }> {
  const refuse = (reason: string) => ({ ok: false, reason }) as const
  const b64 = signature.replace(/\s+/g, "")
  if (!b64) return refuse(refusals.required)
  let report
  try {
    report = await checkSignature(deps, b64, challengeBytes(text))
  } catch (err) {
    if (err instanceof PkiInputError) return refuse(refusals.notCms)
    throw err
  }
  if (report.signers.length !== 1) return refuse(refusals.oneSigner)
  const signer = report.signers[0]!
  const checked = signer.certificate
  if (!checked) return refuse(refusals.notCms)
  if (signer.digestMatches !== true || !signer.signatureValid) return refuse(refusals.invalid)
  if (checked.chainStatus !== "trusted") return refuse(refusals.untrusted)
  const cert = checked.certificate
  if (refusals.notQualified !== undefined && !cert.qualified) return refuse(refusals.notQualified)
  const at = Date.now()
  if (cert.notBefore.getTime() > at || cert.notAfter.getTime() < at) return refuse(refusals.expired)
  if (checked.revocation.status === "revoked") return refuse(refusals.revoked)
  if (checked.revocation.status === "suspended") return refuse(refusals.suspended)
  return { ok: true, certificate: cert }
}

/** checkSignedText over a challenge's nonce, every refusal a 422 under `signature` with its Russian reason. */
export async function verifiedSigner(deps: Pick<Deps, "db" | "workers">, signature: string, nonce: string): Promise<CertificateInfo> {
  const checked = await checkSignedText(deps, signature, nonce, {
    required: t.signatureRequired,
    notCms: t.signatureNotCms,
    oneSigner: t.signatureOneSigner,
    invalid: t.signatureInvalid,
    untrusted: t.certificateUntrusted,
    expired: t.certificateExpired,
    revoked: t.certificateRevoked,
    suspended: t.certificateSuspended,
  })
  if (!checked.ok) throw unprocessable({ signature: [checked.reason] })
  return checked.certificate
}

export const base64Of = (der: Uint8Array) => Buffer.from(der).toString("base64")

export async function bindingsOf(db: Db, userId: number): Promise<CertificateBinding[]> {
  const rows = await db.kysely.selectFrom("certificate_bindings").selectAll().where("user_id", "=", userId).orderBy("id", "desc").execute()
  return rows.map((r) => ({
    id: String(r.id),
    thumbprint: r.thumbprint,
    subject_name: r.subject_name,
    issuer_name: r.issuer_name,
    serial: r.serial,
    not_after: r.not_after,
    created_at: r.created_at,
    certificate: r.der,
    in_register: r.certificate_id !== null,
  }))
}

/** Stores the binding of a verified certificate; 422 when any account has it bound already. */
export async function bindCertificate(db: Db, userId: number, cert: CertificateInfo): Promise<CertificateBinding> {
  const k = db.kysely
  const taken = () => unprocessable({ signature: [t.alreadyBound] })
  if (await k.selectFrom("certificate_bindings").select("id").where("thumbprint", "=", cert.thumbprint).executeTakeFirst()) throw taken()
  const ours = await k.selectFrom("certificates").select("id").where("thumbprint", "=", cert.thumbprint).executeTakeFirst()
  try {
    await k
      .insertInto("certificate_bindings")
      .values({
        user_id: userId,
        certificate_id: ours?.id ?? null,
        thumbprint: cert.thumbprint,
        subject_name: cert.subject.text,
        issuer_name: cert.issuer.text,
        serial: cert.serial,
        not_after: cert.notAfter.toISOString(),
        der: base64Of(cert.der),
        created_at: now(),
      })
      .execute()
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code
    if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE") throw taken()
    throw err
  }
  return (await bindingsOf(db, userId)).find((b) => b.thumbprint === cert.thumbprint)!
}

/** The binding of a certificate and the code word's digest of our register's row, if any. */
export async function bindingByThumbprint(db: Db, thumbprint: string) {
  return db.kysely
    .selectFrom("certificate_bindings as b")
    .leftJoin("certificates as c", "c.id", "b.certificate_id")
    .select(["b.id", "b.user_id", "c.code_word_hash"])
    .where("b.thumbprint", "=", thumbprint)
    .executeTakeFirst()
}

/** The sign-in challenge now waits for the code word of this binding's certificate. */
export async function awaitVector(db: Db, challengeId: number, bindingId: number, userId: number) {
  await db.kysely.updateTable("cert_challenges").set({ binding_id: bindingId, user_id: userId }).where("id", "=", challengeId).execute()
}

/** A sign-in challenge waiting for its code word: verified, not expired, tries left; else 422. */
export async function pendingVector(db: Db, id: number | null, nonce: string) {
  const invalid = () => unprocessable({ challenge_id: [t.challengeInvalid] })
  if (id === null || !nonce) throw invalid()
  const row = await db.kysely
    .selectFrom("cert_challenges as ch")
    .innerJoin("certificate_bindings as b", "b.id", "ch.binding_id")
    .leftJoin("certificates as c", "c.id", "b.certificate_id")
    .select(["ch.id", "ch.nonce", "ch.attempts", "ch.expires_at", "b.user_id", "c.code_word_hash"])
    .where("ch.id", "=", id)
    .where("ch.purpose", "=", "sign_in")
    .where("ch.used_at", "is not", null)
    .executeTakeFirst()
  if (!row || row.nonce !== nonce || row.expires_at <= now() || Number(row.attempts) >= CERT_VECTOR_MAX_TRIES || !row.code_word_hash) throw invalid()
  return { ...row, code_word_hash: row.code_word_hash }
}

/** Counts a wrong code word; answers whether the challenge is now spent. */
export async function failVector(db: Db, id: number): Promise<boolean> {
  const k = db.kysely
  await k.updateTable("cert_challenges").set((eb) => ({ attempts: eb("attempts", "+", 1) })).where("id", "=", id).execute()
  const row = await k.selectFrom("cert_challenges").select("attempts").where("id", "=", id).executeTakeFirst()
  return !row || Number(row.attempts) >= CERT_VECTOR_MAX_TRIES
}

/** Closes a sign-in challenge after the right code word (once: a conditional update). */
export async function closeVector(db: Db, id: number): Promise<boolean> {
  const at = now()
  const res = await db.kysely.updateTable("cert_challenges").set({ expires_at: at }).where("id", "=", id).where("expires_at", ">", at).where("attempts", "<", CERT_VECTOR_MAX_TRIES).executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}
