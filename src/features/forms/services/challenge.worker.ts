import { solveChallenge } from "altcha-lib"
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2"
import type { ChallengeParameters } from "./captcha.ts"

/** Tries counters from 0 until the PBKDF2 key of nonce+counter starts with the challenge's prefix. */
self.onmessage = async (e: MessageEvent<ChallengeParameters>) => {
  try {
    const solution = await solveChallenge({ challenge: { parameters: { ...e.data } }, deriveKey })
    self.postMessage({ counter: solution?.counter })
  } catch {
    self.postMessage({})
  }
}
