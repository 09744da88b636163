/**
 * `npm run machines:export`: writes machines-export/<id>.ts for every machine in stately.config.json,
 * code the Stately Studio importer reads (scripts/machine-code.ts). A machine whose file does not exist
 * yet is skipped with a message; one that cannot be loaded makes the exit code 1.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { machineCode } from "./machine-code.ts"
import { loadMachines } from "./machines-manifest.ts"

export interface Exported {
  readonly id: string
  readonly path?: string
  readonly problem?: string
}

export async function exportMachines(outDir: string, root = resolve(".")): Promise<Exported[]> {
  mkdirSync(outDir, { recursive: true })
  const out: Exported[] = []
  for (const m of await loadMachines(root)) {
    if ("problem" in m) {
      out.push({ id: m.id, problem: m.problem })
      continue
    }
    const path = join(outDir, `${m.id}.ts`)
    writeFileSync(path, machineCode(m.machine, m.file))
    out.push({ id: m.id, path })
  }
  return out
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const results = await exportMachines(resolve("machines-export"))
  for (const r of results) console.log(r.path ? `wrote machines-export/${r.id}.ts` : `skip  ${r.id}: ${r.problem}`)
  console.log(`${results.filter((r) => r.path).length} of ${results.length} machine(s) exported to machines-export/`)
  process.exitCode = results.some((r) => r.problem && !r.problem.endsWith("does not exist yet")) ? 1 : 0
}
