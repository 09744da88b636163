import { describe, expect, it } from "vitest"
import { CHALLENGE_WORK } from "../../schemas/constants.ts"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import { call, serverWithAdmin } from "../api/helpers.ts"
import { solveCaptcha } from "../support/captcha.ts"

/**
 * The register lookup's challenge, attacked by a script. Before: an svg-captcha picture whose glyph
 * outlines a short script matched, so 20 of 20 lookups went through at no cost. Now there is nothing
 * to read: the challenge is a proof of work, and each lookup costs its CPU (docs/security.md,
 * "Challenge"). The server runs the production default of CHALLENGE_WORK here.
 */
const api = serverWithAdmin({ env: { CHALLENGE_WORK: String(CHALLENGE_WORK) } })
const INN = "7707083893"
const lookup = (id: string, answer: string) => call(api.url, "GET", `/api/v2/certificates/?search_by=inn&inn=${INN}&captcha_id=${id}&captcha_answer=${encodeURIComponent(answer)}`)
const challenge = async () => (await call<ChallengeAnswer>(api.url, "GET", "/api/v1/captcha/")).body

describe("the challenge, as a script meets it", () => {
  it("has nothing to read: no picture, and neither the answer nor anything it could be computed from without the work", async () => {
    const c = await challenge()
    const raw = JSON.stringify(c)
    expect(raw).not.toMatch(/svg|image|png/i)
    const counter = await solveCaptcha(c)
    expect(Object.values(c.challenge)).not.toContain(Number(counter))
    expect(raw).not.toContain(`"${counter}"`)
  })

  it("20 lookups with guessed answers: none goes through, each guess uses its challenge up", async () => {
    const through: number[] = []
    for (let i = 0; i < 20; i++) {
      const c = await challenge()
      const answer = await solveCaptcha(c)
      // A guess in the counter's range that is not the answer: a blind one is right once in about
      // CHALLENGE_WORK tries, which this test must not leave to chance.
      const near = Math.floor(CHALLENGE_WORK / 2) + i * 37
      const guess = String(near === Number(answer) ? near + 1 : near)
      const a = await lookup(c.id, guess)
      through.push(a.status === 200 ? 1 : 0)
      expect(a.status).toBe(422)
      // The right answer no longer helps once a guess was made.
      expect((await lookup(c.id, answer)).status).toBe(422)
    }
    expect(through.reduce((a, b) => a + b, 0)).toBe(0)
  }, 120_000)

  it("a solved challenge buys one lookup: replayed, or given with another challenge's id, it is refused", async () => {
    const c = await challenge()
    const answer = await solveCaptcha(c)
    expect((await lookup(c.id, answer)).status).toBe(200)
    expect((await lookup(c.id, answer)).status).toBe(422)
    const other = await challenge()
    expect((await lookup(other.id, answer)).status).toBe(422)
  })

  it("the work is not skippable: each answer is a counter the solver had to reach, at least half of CHALLENGE_WORK tries", async () => {
    for (let i = 0; i < 3; i++) {
      const c = await challenge()
      const counter = Number(await solveCaptcha(c))
      expect(counter).toBeGreaterThanOrEqual(Math.ceil(CHALLENGE_WORK / 2))
      expect(counter).toBeLessThanOrEqual(Math.floor((CHALLENGE_WORK * 3) / 2))
    }
  })
})
