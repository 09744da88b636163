import { jwtVerify, SignJWT } from "jose"
import { JWT_TTL_SECONDS } from "../../schemas/constants.ts"

/** The one algorithm we sign with and the only one we accept (no `none`, no key confusion). */
const ALG = "HS256"
export type TokenContext = "site" | "admin"

export interface TokenClaims {
  readonly sub: string
  readonly ctx: TokenContext
  readonly lvl: number
}

export async function signToken(secret: Uint8Array, claims: TokenClaims, ttlSeconds = JWT_TTL_SECONDS): Promise<string> {
  return new SignJWT({ ctx: claims.ctx, lvl: claims.lvl })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret)
}

/** Verifies signature, algorithm, expiry and context; answers the claims or null. */
export async function verifyToken(secret: Uint8Array, token: string, ctx: TokenContext): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG], requiredClaims: ["exp", "sub"] })
    if (payload.ctx !== ctx || typeof payload.sub !== "string") return null
    return { sub: payload.sub, ctx, lvl: typeof payload.lvl === "number" ? payload.lvl : 1 }
  } catch {
    return null
  }
}
