import { solveChallenge } from "altcha-lib"
import type { Locator, Page } from "playwright-core"
import { deriveKey } from "altcha-lib/algorithms/pbkdf2"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import { widgetMessages } from "../../schemas/widget-messages.ts"

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
