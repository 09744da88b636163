/**
 * `npm run soak` (docs/production.md "Load"): the long checks that `npm test` leaves out, each
 * printing its figures, in one run:
 *   1. the load test (bench/load.ts): SOAK_USERS (200) virtual users for SOAK_SECONDS (60) over the
 *      realistic mix, on SQLite and on a fresh PostgreSQL database (SOAK_DATABASE_URL's or
 *      TEST_DATABASE_URL's cluster, else a throwaway cluster of its own); 0 errors, 429s apart;
 *   2. the faults (`vitest run --project soak`: tests/soak/, kill -9 under writes, SIGTERM draining,
 *      PostgreSQL restarted under load);
 *   3. the long fuzz of every write endpoint: FUZZ_RUNS (10,000) bodies (`npm test` sends 2,000);
 *      SOAK_FUZZ=0 leaves it out (CI's short soak, after `npm test` sent its 2,000).
 * SOAK_PARTS=load,faults,fuzz picks parts. Exits 1 when any part fails; a failed part does not stop
 * the ones after it. CI runs the short version: SOAK_SECONDS=15 SOAK_FUZZ=0 (.ci/run, "Soak (short)").
 */
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { stripVTControlCharacters } from "node:util"

interface Part {
  readonly name: string
  readonly command: readonly string[]
  readonly env?: NodeJS.ProcessEnv
}

const seconds = process.env.SOAK_SECONDS || "60"
const fuzzRuns = process.env.FUZZ_RUNS || "10000"
const parts: Part[] = [
  { name: "load", command: ["tsx", "bench/load.ts"], env: { SOAK_SECONDS: seconds } },
  { name: "faults", command: ["vitest", "run", "--project", "soak"] },
  { name: "fuzz", command: ["vitest", "run", "--project", "api", "tests/api/fuzz.test.ts"], env: { FUZZ_RUNS: fuzzRuns } },
]
const wanted = process.env.SOAK_PARTS?.split(",").map((s) => s.trim())
const chosen = parts.filter((p) => (wanted ? wanted.includes(p.name) : p.name !== "fuzz" || process.env.SOAK_FUZZ !== "0"))

/** Lines worth repeating in the summary: the load test's and the tests' own figure lines. */
const FIGURE = /^(LOAD |fuzz:|kill -9|SIGTERM|PostgreSQL restart|restart|fault)/i

/** Runs one part with its output passed through; answers its exit code and its figure lines. */
function run(part: Part): Promise<{ code: number; figures: string[] }> {
  const [bin, ...args] = part.command
  const child = spawn(`node_modules/.bin/${bin}`, args, { env: { ...process.env, ...part.env }, stdio: ["ignore", "pipe", "pipe"] })
  const figures: string[] = []
  const pass = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    createInterface({ input: stream }).on("line", (line) => {
      out.write(line + "\n")
      const plain = stripVTControlCharacters(line)
      if (FIGURE.test(plain.trim())) figures.push(plain.trim())
    })
  pass(child.stdout, process.stdout)
  pass(child.stderr, process.stderr)
  return new Promise((resolve) => {
    child.once("error", (err) => {
      console.log(`${part.name}: could not start (${err.message})`)
      resolve({ code: 1, figures })
    })
    child.once("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), figures }))
  })
}

const summary: string[] = []
let failed = false
const started = performance.now()
for (const part of chosen) {
  console.log(`\n==== soak: ${part.name} (${part.command.join(" ")}${part.env ? `, ${Object.entries(part.env).map(([k, v]) => `${k}=${v}`).join(" ")}` : ""}) ====`)
  const t0 = performance.now()
  const { code, figures } = await run(part)
  const took = ((performance.now() - t0) / 1000).toFixed(0)
  failed ||= code !== 0
  summary.push(`${part.name.padEnd(7)} ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${took} s`, ...figures.map((f) => `        ${f}`))
}
console.log(`\n==== soak: summary (${((performance.now() - started) / 1000).toFixed(0)} s) ====`)
for (const line of summary) console.log(line)
process.exit(failed ? 1 : 0)
