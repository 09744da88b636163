import { randomBytes, randomInt } from "node:crypto"
import { createChallenge } from "altcha-lib"
import { deriveKey } from "altcha-lib/algorithms/pbkdf2"
import { CAPTCHA_TTL_MS, CHALLENGE_ALGORITHM, CHALLENGE_COST } from "../../schemas/constants.ts"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import type { CaptchaValue } from "../../schemas/forms/types.ts"
import { type Db, now } from "../db/index.ts"
import { sameDigest, sha256 } from "../lib/secrets.ts"

/** The answer's digest, bound to the challenge's id. */
const digestOf = (id: string, answer: string) => sha256(`${id}:${answer.trim()}`)

/**
 * A new challenge (ALTCHA's deterministic mode): the server draws the counter, uniformly between half
 * and one and a half times `work`, derives its key once and publishes only the key's first half, so
 * the browser must try every counter from 0 up to it. The counter is kept only as a digest, for
 * CAPTCHA_TTL_MS; expired ones are swept.
 */
export async function createCaptcha(db: Db, work: number): Promise<ChallengeAnswer> {
  const counter = randomInt(Math.ceil(work / 2), Math.floor((work * 3) / 2) + 1)
  const at = Date.now()
  const { parameters } = await createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: CHALLENGE_COST,
    counter,
    deriveKey,
    expiresAt: Math.floor((at + CAPTCHA_TTL_MS) / 1000),
  })
  const id = randomBytes(16).toString("hex")
  await db.kysely.deleteFrom("captchas").where("expires_at", "<", new Date(at).toISOString()).execute()
  await db.kysely
    .insertInto("captchas")
    .values({ id, answer_digest: digestOf(id, String(counter)), expires_at: new Date(at + CAPTCHA_TTL_MS).toISOString(), created_at: new Date(at).toISOString() })
    .execute()
  return {
    id,
    challenge: {
      algorithm: CHALLENGE_ALGORITHM,
      cost: parameters.cost,
      keyLength: parameters.keyLength,
      keyPrefix: parameters.keyPrefix,
      nonce: parameters.nonce,
      salt: parameters.salt,
      ...(parameters.expiresAt !== undefined ? { expiresAt: parameters.expiresAt } : {}),
    },
  }
}

/**
 * Whether the browser found the challenge's counter. Each challenge is checked once: it is deleted by
 * this call whether the answer is right or wrong, so neither a guess nor a solved answer can be replayed.
 */
export async function verifyCaptcha(db: Db, value: CaptchaValue | null | undefined): Promise<boolean> {
  if (!value || typeof value.id !== "string" || typeof value.answer !== "string" || !/^[0-9a-f]{32}$/.test(value.id)) return false
  // Delete-and-read in one statement: two requests racing with one challenge cannot both pass.
  const row = await db.kysely.deleteFrom("captchas").where("id", "=", value.id).returning(["answer_digest", "expires_at"]).executeTakeFirst()
  if (!row || row.expires_at <= now()) return false
  return sameDigest(row.answer_digest, digestOf(value.id, value.answer))
}
