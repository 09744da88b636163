/**
 * `npm run machines:coverage [-- <test file filter>...]`: runs the generated path tests (tests/model,
 * in Chromium against a production build, as `npm run test:browser` does) while recording what each
 * passing path reached, then prints per machine of stately.config.json the states and transitions
 * reached out of all of the real machine's (every state node; every transition: events, after,
 * invoke done/error, state done, eventless), and what was missed. Exit code 1 when a path test failed.
 */
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { join, resolve } from "node:path"
import { machineGraph } from "./coverage/graph.ts"
import type { PathRecord } from "./coverage/record.ts"
import { loadMachines } from "./machines-manifest.ts"

// One folder per run: two runs at once (two sessions on one tree) never clear or mix each other's records.
const dir = resolve(`.tmp/machine-coverage-${process.pid}`)
rmSync(dir, { recursive: true, force: true })

const vitest = resolve("node_modules/.bin/vitest")
const run = spawnSync(vitest, ["run", "--config", "scripts/coverage/vitest.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, MACHINE_COVERAGE_DIR: dir },
})

const records: PathRecord[] = existsSync(dir)
  ? readdirSync(dir).flatMap((f) =>
      readFileSync(join(dir, f), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as PathRecord),
    )
  : []

const pct = (a: number, b: number) => (b === 0 ? "—" : `${Math.round((100 * a) / b)}%`)
const rows: string[][] = [["machine", "paths passed", "states", "", "transitions", ""]]
const missed: string[] = []
for (const m of await loadMachines()) {
  if ("problem" in m) {
    rows.push([m.id, "—", m.problem, "", "", ""])
    continue
  }
  const graph = machineGraph(m.machine)
  const mine = records.filter((r) => r.machine === m.machine.id)
  const passed = mine.filter((r) => r.passed)
  const states = new Set(passed.flatMap((r) => r.states))
  const transitions = new Set(passed.flatMap((r) => r.transitions))
  const sReached = graph.states.filter((s) => states.has(s))
  const tReached = [...graph.transitions.keys()].filter((t) => transitions.has(t))
  rows.push([
    m.id,
    mine.length === 0 ? "none ran" : `${passed.length}/${mine.length}`,
    `${sReached.length}/${graph.states.length}`,
    pct(sReached.length, graph.states.length),
    `${tReached.length}/${graph.transitions.size}`,
    pct(tReached.length, graph.transitions.size),
  ])
  const ms = graph.states.filter((s) => !states.has(s))
  const mt = [...graph.transitions].filter(([k]) => !transitions.has(k)).map(([, d]) => d)
  if (mine.length > 0 && ms.length + mt.length > 0) {
    missed.push(`\n${m.id}:`)
    for (const s of ms) missed.push(`  state       ${s}`)
    for (const t of mt) missed.push(`  transition  ${t}`)
  }
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
console.log("\n== Generated path tests: states and transitions reached, per machine ==")
for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  "))
if (missed.length) console.log("\nMissed:" + missed.join("\n"))
rmSync(dir, { recursive: true, force: true })
process.exitCode = run.status === 0 ? 0 : 1
