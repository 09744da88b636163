import { randomBytes, randomInt } from "node:crypto"
import svgCaptcha from "svg-captcha"
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MS } from "../../schemas/constants.ts"
import type { CaptchaValue } from "../../schemas/forms/types.ts"
import { type Db, now } from "../db/index.ts"
import { sameDigest, sha256 } from "../lib/secrets.ts"

/** Letters and digits nobody mistakes for one another: no 0/O/o, 1/l/I/i. */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"

/**
 * svg-captcha's module is itself `createCaptcha(text, options)`, which only draws (its own `create`
 * draws the text with Math.random); its typings omit that signature.
 */
const draw = svgCaptcha as unknown as (text: string, options: { noise: number; color: boolean; width: number; height: number }) => string

/** The answer's digest, bound to the captcha's id; the check ignores case and surrounding spaces. */
const digestOf = (id: string, answer: string) => sha256(`${id}:${answer.trim().toLowerCase()}`)

export interface Captcha {
  readonly id: string
  /** The picture: an SVG document. */
  readonly image: string
}

/** A new captcha: random text from a CSPRNG, stored as a digest for CAPTCHA_TTL_MS; expired ones are swept. */
export async function createCaptcha(db: Db): Promise<Captcha> {
  const text = Array.from({ length: CAPTCHA_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")
  const id = randomBytes(16).toString("hex")
  const at = Date.now()
  await db.kysely.deleteFrom("captchas").where("expires_at", "<", new Date(at).toISOString()).execute()
  await db.kysely
    .insertInto("captchas")
    .values({ id, answer_digest: digestOf(id, text), expires_at: new Date(at + CAPTCHA_TTL_MS).toISOString(), created_at: new Date(at).toISOString() })
    .execute()
  return { id, image: draw(text, { noise: 3, color: true, width: 150, height: 50 }) }
}

/**
 * Whether the visitor typed the captcha's text. Each captcha is checked once: it is deleted by this
 * call whether the answer is right or wrong, so a guess cannot be retried on the same picture.
 */
export async function verifyCaptcha(db: Db, value: CaptchaValue | null | undefined): Promise<boolean> {
  if (!value || typeof value.id !== "string" || typeof value.answer !== "string" || !/^[0-9a-f]{32}$/.test(value.id)) return false
  // Delete-and-read in one statement: two requests racing with one captcha cannot both pass.
  const row = await db.kysely.deleteFrom("captchas").where("id", "=", value.id).returning(["answer_digest", "expires_at"]).executeTakeFirst()
  if (!row || row.expires_at <= now()) return false
  return sameDigest(row.answer_digest, digestOf(value.id, value.answer))
}
