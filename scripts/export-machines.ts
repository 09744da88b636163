/**
 * `npm run machines:export`: writes machines-export/<id>.json for every machine in stately.config.json.
 * Each file is the machine's xstate v5 definition (`machine.toJSON()`): ids, states, initial states,
 * transitions with their targets, entry/exit actions, guards, invokes and tags. Inline functions
 * (assign, inline guards) are written as `{ "type": ... }` with their action type or name, since JSON
 * cannot hold code. Machines whose file does not exist yet are skipped with a message.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"

interface Entry {
  readonly id: string
  readonly file: string
  readonly export: string
}

/** Functions become their action type (`xstate.assign`) or name; `params` functions are dropped. */
export function replacer(key: string, value: unknown): unknown {
  if (typeof value !== "function") return value
  if (key === "params" || key === "toJSON") return undefined
  const f = value as { type?: unknown; name?: string }
  return { type: typeof f.type === "string" ? f.type : f.name || "inline" }
}

const root = resolve(".")
const config = JSON.parse(readFileSync(join(root, "stately.config.json"), "utf8")) as { machines: Entry[] }
const outDir = join(root, "machines-export")
mkdirSync(outDir, { recursive: true })

let written = 0
let problems = 0
for (const m of config.machines) {
  const file = join(root, m.file)
  if (!existsSync(file)) {
    console.log(`skip  ${m.id}: ${m.file} does not exist yet`)
    continue
  }
  try {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>
    const machine = mod[m.export] as { toJSON?: () => unknown } | undefined
    if (typeof machine?.toJSON !== "function") {
      console.log(`skip  ${m.id}: ${m.file} has no machine exported as ${m.export}`)
      problems++
      continue
    }
    const out = join(outDir, `${m.id}.json`)
    writeFileSync(out, JSON.stringify(machine.toJSON(), replacer, 2) + "\n")
    console.log(`wrote machines-export/${m.id}.json  (${m.export} from ${m.file})`)
    written++
  } catch (err) {
    console.log(`error ${m.id}: ${m.file} could not be loaded: ${err instanceof Error ? err.message : String(err)}`)
    problems++
  }
}
console.log(`${written} of ${config.machines.length} machine(s) exported to machines-export/`)
process.exitCode = problems > 0 ? 1 : 0
