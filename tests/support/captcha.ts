import { solveChallenge } from "altcha-lib"
import type { Locator, Page } from "playwright-core"
import { deriveKey } from "altcha-lib/algorithms/pbkdf2"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import type { CaptchaValue } from "../../schemas/forms/types.ts"
import { widgetMessages } from "../../schemas/messages/widget.ts"

/**
 * Solves the server's challenge the way any program can: it pays the proof of work (Node's native
 * PBKDF2, as a scraper would) and returns the counter, the answer of the form's `captcha: { id, answer }`.
 */
export async function solveCaptcha(answer: ChallengeAnswer): Promise<string> {
  const solution = await solveChallenge({ challenge: { parameters: answer.challenge }, deriveKey })
  if (!solution) throw new Error("solveCaptcha: no counter found")
  return String(solution.counter)
}

/** The challenge field's label in every preset that has one. */
export const CHALLENGE_LABEL = "Проверка, что вы не робот"

/** Waits until the form's challenge says the browser has solved it: the widget works by itself, nothing is typed. */
export async function challengeSolved(scope: Page | Locator): Promise<void> {
  await scope.getByRole("group", { name: CHALLENGE_LABEL }).getByRole("status").filter({ hasText: widgetMessages.captcha.solved }).waitFor()
}

/**
 * A solved challenge of the server at `url`, the `captcha: { id, answer }` a form sends: asked for
 * with `GET /api/v1/captcha/` (from `headers`' address when given) and paid for as any program can.
 */
export async function solvedCaptcha(url: string, headers: Record<string, string> = {}): Promise<CaptchaValue> {
  const res = await fetch(`${url}/api/v1/captcha/`, { headers })
  if (res.status !== 200) throw new Error(`GET /api/v1/captcha/: ${res.status} ${await res.text()}`)
  const challenge = (await res.json()) as ChallengeAnswer
  return { id: challenge.id, answer: await solveCaptcha(challenge) }
}
