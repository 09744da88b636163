import { Schema } from "effect"
import { CHALLENGE_ALGORITHM } from "../constants.ts"

const Hex = Schema.String.check(Schema.isPattern(/^(?:[0-9a-f]{2})+$/))

/**
 * `GET /api/v1/captcha/`: a proof-of-work challenge (ALTCHA's parameters, docs/security.md
 * "Challenge"). The browser tries counters from 0 until the PBKDF2 key of nonce+counter starts with
 * `keyPrefix`, and sends the counter back as the answer `{ id, answer }` of the form's field.
 */
export const ChallengeAnswer = Schema.Struct({
  id: Schema.String.check(Schema.isPattern(/^[0-9a-f]{32}$/)),
  challenge: Schema.Struct({
    algorithm: Schema.Literal(CHALLENGE_ALGORITHM),
    cost: Schema.Number,
    keyLength: Schema.Number,
    keyPrefix: Hex,
    nonce: Hex,
    salt: Hex,
    expiresAt: Schema.optionalKey(Schema.Number),
  }),
})
export type ChallengeAnswer = typeof ChallengeAnswer.Type
