import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto"

/** A link token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export const newLinkToken = () => randomBytes(32).toString("base64url")
export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex")

/** A 6-digit SMS code. */
export const newPhoneCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0")

/** Phone codes are stored as an HMAC keyed with the server secret and bound to the user and purpose. */
export const phoneCodeDigest = (secret: Uint8Array, userId: number, purpose: string, code: string) =>
  createHmac("sha256", secret).update(`${userId}:${purpose}:${code}`).digest("hex")

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** `+79001234567` → `+7 (9**) ***-**-67`. */
export const maskPhone = (phone: string) => `+7 (${phone.slice(2, 3)}**) ***-**-${phone.slice(-2)}`

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
