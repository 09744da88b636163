/**
 * `npm run bench:challenge`: what the challenge (docs/security.md, "Challenge") costs, at the server's
 * default CHALLENGE_WORK, in one run:
 *   - a scraper: CPU-seconds and wall seconds per solved challenge in Node (native PBKDF2, the cheapest
 *     way a program pays it), over BENCH_CHALLENGES=10 challenges from the real server;
 *   - a visitor: seconds from the form's challenge arriving to 'Проверка пройдена' in the system
 *     Chromium on /feedback, the median of BENCH_CHALLENGE_RUNS=5 page loads. (Chromium's CPU
 *     throttling does not reach Web Crypto, which runs on the browser's own threads, so a phone is
 *     estimated from this figure in docs/security.md rather than emulated.)
 * Figures, not assertions.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { CHALLENGE_WORK } from "../schemas/constants.ts"
import type { ChallengeAnswer } from "../schemas/entities/challenge.ts"
import { widgetMessages } from "../schemas/messages/widget.ts"
import { start } from "../server/boot.ts"
import { launchBrowser } from "../tests/support/browser.ts"
import { solveCaptcha } from "../tests/support/captcha.ts"
import { ensureBuild } from "./build.ts"

const dist = resolve("dist")
const challenges = Number(process.env.BENCH_CHALLENGES || 10)
const runs = Number(process.env.BENCH_CHALLENGE_RUNS || 5)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

await ensureBuild(dist)
const dataDir = mkdtempSync(join(tmpdir(), "uc-bench-challenge-"))
const server = await start({
  env: { DATA_DIR: dataDir, DIST_DIR: dist, PORT: "0", HOST: "127.0.0.1", JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123", ADMIN_EMAIL: "admin@bench.local", ADMIN_PASSWORD: "bench-password" },
  log: () => {},
})
try {
  console.log(`\n== Challenge: PBKDF2/SHA-256, CHALLENGE_WORK ${CHALLENGE_WORK} tries on average ==`)
  const cpu: number[] = []
  const wall: number[] = []
  for (let i = 0; i < challenges; i++) {
    const answer = (await (await fetch(`${server.url}/api/v1/captcha/`)).json()) as ChallengeAnswer
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    await solveCaptcha(answer)
    wall.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
  console.log(`scraper (Node, native PBKDF2): ${s(mean(cpu))} CPU per lookup on average (${challenges} challenges), wall ${s(mean(wall))}; one core: ${Math.floor(3600_000 / mean(cpu))} lookups per hour at most`)

  const browser = await launchBrowser()
  try {
    {
      const times: number[] = []
      for (let i = 0; i < runs; i++) {
        const page = await browser.newPage()
        const arrived = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/captcha/").then(() => performance.now())
        await page.goto(`${server.url}/feedback`)
        await page.getByRole("status").filter({ hasText: widgetMessages.captcha.solved }).waitFor({ timeout: 120_000 })
        times.push(performance.now() - (await arrived))
        await page.close()
      }
      console.log(`visitor (Chromium, this machine): ${s(median(times))} median from the challenge's arrival to 'Проверка пройдена' (${times.map((t) => (t / 1000).toFixed(2)).join(", ")})`)
    }
  } finally {
    await browser.close()
  }
} finally {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
}
