import { type JWTPayload, jwtVerify, SignJWT } from "jose"
import { JWT_TTL_SECONDS } from "../../schemas/constants.ts"

/** The one algorithm we sign with and the only one we accept (no `none`, no key confusion). */
const ALG = "HS256"
export type TokenContext = "site" | "admin"

export interface TokenClaims {
  readonly sub: string
  readonly ctx: TokenContext
  readonly lvl: number
  /** The account's `session_version` when the token was issued: a new password increments it (docs/auth.md). */
  readonly sv: number
  /**
   * The session a renewed token continues (staff sessions slide: server/lib/admin-auth.ts) and when
   * it began (seconds since the epoch); a first token's session is its own id and issue time.
   */
  readonly sid?: string | undefined
  readonly auth?: number | undefined
}

/** What a verified token carries besides the claims we sign: its id and expiry (seconds since the epoch). */
export interface VerifiedToken extends TokenClaims {
  readonly jti: string
  readonly exp: number
  readonly iat: number
  readonly sid: string
  readonly auth: number
}

/**
 * Each secret's HMAC key, imported once: given the bytes, jose imports them again (WebCrypto importKey)
 * on every token it signs or checks, a tenth of a signed-in page's render.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>()
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret)
  if (!key) hmacKeys.set(secret, (key = crypto.subtle.importKey("raw", secret as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"])))
  return key
}

/** Whether the token belongs to the account's current sessions: issued at its `session_version`, not before a password change. */
export const currentSession = (token: Pick<VerifiedToken, "sv">, account: { readonly session_version: number }) => token.sv === account.session_version

/** Signs a token living `ttlSeconds`, or until the absolute `expiresAt` (seconds since the epoch) when given. */
export async function signToken(
  secret: Uint8Array,
  claims: TokenClaims,
  ttlSeconds = JWT_TTL_SECONDS,
  expiresAt?: number,
): Promise<string> {
  const session = claims.sid === undefined ? {} : { sid: claims.sid, auth: claims.auth }
  return new SignJWT({ ctx: claims.ctx, lvl: claims.lvl, sv: claims.sv, ...session })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(expiresAt ?? `${ttlSeconds}s`)
    .sign(await hmacKey(secret))
}

/**
 * Tokens whose signature has been checked, by secret, the most recently used last. One signed-in page
 * checks its token more than once (the page's request, then each of its in-process API reads), and a
 * signature over the same bytes with the same key cannot change its answer; expiry is checked on every
 * use. Only good tokens are kept, so a flood of forged ones evicts nothing but forged work.
 */
const VERIFIED_KEPT = 2000
const verified = new WeakMap<Uint8Array, Map<string, JWTPayload>>()

async function verifiedPayload(secret: Uint8Array, token: string): Promise<JWTPayload> {
  let kept = verified.get(secret)
  if (!kept) verified.set(secret, (kept = new Map()))
  const hit = kept.get(token)
  if (hit && hit.exp! > Math.floor(Date.now() / 1000)) {
    kept.delete(token)
    kept.set(token, hit)
    return hit
  }
  kept.delete(token)
  const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: [ALG], requiredClaims: ["exp", "sub", "jti", "iat"] })
  kept.set(token, payload)
  if (kept.size > VERIFIED_KEPT) kept.delete(kept.keys().next().value!)
  return payload
}

/** Verifies signature, algorithm, expiry and context; answers the claims or null. */
export async function verifyToken(secret: Uint8Array, token: string, ctx: TokenContext): Promise<VerifiedToken | null> {
  try {
    const payload = await verifiedPayload(secret, token)
    if (payload.ctx !== ctx || typeof payload.sub !== "string" || typeof payload.jti !== "string") return null
    return {
      sub: payload.sub,
      ctx,
      lvl: typeof payload.lvl === "number" ? payload.lvl : 1,
      // Tokens signed before session versions carry none: version 0, which an account keeps until its first new password.
      sv: payload.sv === undefined ? 0 : Number.isSafeInteger(payload.sv) ? (payload.sv as number) : -1,
      jti: payload.jti,
      exp: payload.exp!,
      iat: payload.iat!,
      sid: typeof payload.sid === "string" ? payload.sid : payload.jti,
      auth: typeof payload.auth === "number" ? payload.auth : payload.iat!,
    }
  } catch {
    return null
  }
}
