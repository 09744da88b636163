import type { Context, Hono } from "hono"
import { CERT_SIGNATURE_MAX_CHARS, CHALLENGE_RATE_MAX, REQUEST_RATE_WINDOW_MS } from "../../schemas/constants.ts"
import { CHALLENGE_PURPOSES, type ChallengePurpose } from "../../schemas/entities/signer.ts"
import { messages } from "../../schemas/messages/common.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { asId, HttpError, idParam, notFound, readJson, ticked, unprocessable } from "../lib/http.ts"
import { verifyPassword } from "../lib/passwords.ts"
import { accountKeys, addressKey, createThrottle, limitRequests } from "../lib/throttle.ts"
import { setSessionCookie } from "../lib/session-cookie.ts"
import { requireUser } from "../lib/user-auth.ts"
import { siteToken, userFields } from "../services/accounts.ts"
import {
  awaitVector,
  bindCertificate,
  bindingByThumbprint,
  bindingsOf,
  closeVector,
  createChallenge,
  failVector,
  pendingVector,
  spendChallenge,
  verifiedSigner,
} from "../services/cert-auth.ts"
import { epoaForSigner, epoasOfCaller } from "../services/cert-auth-epoa.ts"

const str = (v: unknown) => (typeof v === "string" ? v : "")
const idOf = (v: unknown) => asId(typeof v === "number" ? String(v) : str(v))

/** The signature field: a Base64 CMS of sane size, else 422 before any parsing. */
function signatureOf(body: Record<string, unknown>): string {
  const s = str(body.signature).trim()
  if (!s) throw unprocessable({ signature: [t.signatureRequired] })
  if (s.length > CERT_SIGNATURE_MAX_CHARS) throw unprocessable({ signature: [t.signatureNotCms] })
  return s
}

/**
 * Signing with a certificate (docs/signer.md): one-time challenges, binding a certificate to the
 * account (the signature over a challenge + the account password), the bound list and its removal,
 * the sign-in by a bound certificate with the code word as its second step, and the МЧД of a
 * certificate's holder for signing on behalf of an organisation.
 */
export function certAuthRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const db = deps.db
  const k = db.kysely
  const throttle = createThrottle(db, deps.config)
  const signedIn = requireUser(deps)

  /** `bind` and `org_sign` need the signed-in account (the challenge is theirs); `sign_in` is anonymous. */
  app.post("/api/v1/cert_auth/challenges", async (c) => {
    const body = await readJson(c)
    const purpose = str(body.purpose) as ChallengePurpose
    if (!CHALLENGE_PURPOSES.includes(purpose)) throw unprocessable({ purpose: [t.purposeInvalid] })
    // Each challenge is a stored row, and the sign-in's needs no account: counted per address.
    await limitRequests(db, c, deps.config, "challenge", CHALLENGE_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    // Anonymous: the sign-in's attempts are counted where a signature comes back (step 1 below).
    if (purpose === "sign_in") return c.json({ data: await createChallenge(db, "sign_in", null) }, 201)
    let userId = 0
    await signedIn(c, async () => {
      userId = c.get("user").id
    })
    return c.json({ data: await createChallenge(db, purpose, userId) }, 201)
  })

  app.get("/api/v1/cert_auth/bindings", signedIn, async (c) => c.json({ data: await bindingsOf(db, c.get("user").id) }))

  app.post("/api/v1/cert_auth/bindings", signedIn, async (c) => {
    const user = c.get("user")
    const body = await readJson(c)
    const password = str(body.password)
    const signature = signatureOf(body)
    if (!password) throw unprocessable({ password: [t.passwordRequired] })
    // The password is checked first and counted like every password check: a wrong one keeps the challenge.
    const keys = accountKeys(c, deps.config, user.id)
    await throttle.attempt("phone_code_check", keys)
    if (!(await verifyPassword(user.password_digest, password))) throw unprocessable({ password: [t.wrongPassword] })
    await throttle.succeeded("phone_code_check", keys)
    const challenge = await spendChallenge(db, idOf(body.challenge_id), "bind", user.id)
    const cert = await verifiedSigner(deps, signature, challenge.nonce)
    return c.json({ data: await bindCertificate(db, user.id, cert), message: t.bound }, 201)
  })

  app.delete("/api/v1/cert_auth/bindings/:id", signedIn, async (c) => {
    const res = await k.deleteFrom("certificate_bindings").where("id", "=", idParam(c)).where("user_id", "=", c.get("user").id).executeTakeFirst()
    if (Number(res.numDeletedRows) !== 1) throw notFound()
    return c.body(null, 204)
  })

  /**
   * Sign-in, step 1: the signature over a sign_in challenge. The signer's certificate must be bound;
   * when our register holds its code word the answer is `{ vector_required: true }` and step 2 follows,
   * else the session at once (the same answer as the password sign-in).
   */
  app.post("/api/v1/cert_auth/sign_in", async (c) => {
    const body = await readJson(c)
    const signature = signatureOf(body)
    const keys = [addressKey(c, deps.config)]
    await throttle.attempt("sign_in", keys)
    const challenge = await spendChallenge(db, idOf(body.challenge_id), "sign_in", null)
    const cert = await verifiedSigner(deps, signature, challenge.nonce)
    const binding = await bindingByThumbprint(db, cert.thumbprint)
    if (!binding) throw unprocessable({ signature: [t.notBound] })
    await throttle.succeeded("sign_in", keys, false)
    if (binding.code_word_hash) {
      await awaitVector(db, challenge.id, binding.id, binding.user_id)
      return c.json({ vector_required: true, challenge_id: String(challenge.id) })
    }
    return c.json(await session(c, binding.user_id, ticked(body.remember)))
  })

  /** Sign-in, step 2: the code word (auth_vector_frm); 5 wrong ones spend the challenge. */
  app.post("/api/v1/cert_auth/sign_in/vector", async (c) => {
    const body = await readJson(c)
    const vector = str(body.vector).trim()
    if (!vector) throw unprocessable({ vector: [t.vectorRequired] })
    const pending = await pendingVector(db, idOf(body.challenge_id), str(body.nonce))
    const keys = accountKeys(c, deps.config, pending.user_id)
    await throttle.attempt("sign_in", keys)
    if (!(await verifyPassword(pending.code_word_hash, vector))) {
      const spent = await failVector(db, pending.id)
      throw unprocessable(spent ? { challenge_id: [t.vectorSpent] } : { vector: [t.wrongVector] })
    }
    if (!(await closeVector(db, pending.id))) throw unprocessable({ challenge_id: [t.challengeInvalid] })
    await throttle.succeeded("sign_in", keys)
    return c.json(await session(c, pending.user_id, ticked(body.remember)))
  })

  /** The session of a certificate's sign-in: the JWT in the answer and the HttpOnly cookie. */
  async function session(c: Context, userId: number, remember: boolean) {
    const row = await k.selectFrom("users").select(["id", "email", "fullname", "mobile_phone", "confirmed_at"]).where("id", "=", userId).executeTakeFirst()
    if (!row) throw unprocessable({ signature: [t.notBound] })
    if (!row.confirmed_at) throw new HttpError(403, { error: messages.accounts.unconfirmed })
    const jwt = await siteToken(deps, row.id, { remember })
    setSessionCookie(c, deps.config, jwt, remember)
    return { jwt, ...(await userFields(db, row)) }
  }

  /**
   * The МЧД issued to the holder of a certificate, for choose_certificate_epoa_frm's source `epoas`:
   * `{ certificate }` bound to this account, or `{ challenge_id, signature }` over this account's
   * `epoas` challenge (with the `certificate` it must be, if given); anything else 403.
   */
  app.post("/api/v1/cert_auth/epoas", signedIn, async (c) => {
    const body = await readJson(c)
    const lookup = { certificate: str(body.certificate).trim(), challengeId: idOf(body.challenge_id), signature: str(body.signature).trim() }
    return c.json({ data: await epoasOfCaller(deps, c.get("user").id, lookup) })
  })

  /**
   * Signing for an organisation: the signature over an org_sign challenge and the МЧД it acts under;
   * the МЧД must be in force and issued to the signer certificate's holder (SNILS or INN).
   */
  app.post("/api/v1/cert_auth/org_signatures", signedIn, async (c) => {
    const user = c.get("user")
    const body = await readJson(c)
    const signature = signatureOf(body)
    const epoaId = idOf(body.epoa_id)
    if (epoaId === null) throw unprocessable({ epoa: [t.epoaInvalid] })
    const challenge = await spendChallenge(db, idOf(body.challenge_id), "org_sign", user.id)
    const cert = await verifiedSigner(deps, signature, challenge.nonce)
    const epoa = await epoaForSigner(db, epoaId, cert)
    if (!epoa) throw unprocessable({ epoa: [t.epoaInvalid] })
    return c.json({ data: { ...epoa, signer: cert.subject.text }, message: t.orgSigned(epoa.principal_org, epoa.number) })
  })
}
