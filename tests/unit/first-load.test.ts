import { existsSync, readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * What every page's first load may hold, read from the sources: the modules the browser entry reaches
 * through static imports and re-exports (a barrel's `export … from` included). The bundler may shake
 * some of them out, never add one, so this bounds the first load from above; docs/production.md gives
 * the budget and the bench measures the bytes.
 */
const ENTRY = resolve("src/app/main.tsx")

/** Code that loads with the first form, the editor or the CRM, never with a page's first paint. */
const LATER = [
  /\/src\/features\/forms\//,
  /\/src\/features\/crm\//,
  /^effect(\/|$)/,
  /^(@lexical\/|lexical$)/,
  /^@zag-js\//,
  /^@statelyai\/inspect/,
  /^date-fns/,
]

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm

function staticGraph(entry: string): Map<string, string | null> {
  const parent = new Map<string, string | null>([[entry, null]])
  const queue = [entry]
  while (queue.length) {
    const file = queue.shift()!
    if (!file.startsWith("/")) continue
    const source = readFileSync(file, "utf8")
    for (const [, spec] of source.matchAll(STATIC_IMPORT)) {
      const target = spec!.startsWith(".") ? resolve(dirname(file), spec!) : spec!
      if (parent.has(target)) continue
      if (target.startsWith("/") && (!existsSync(target) || !/\.(ts|tsx)$/.test(target))) continue
      parent.set(target, file)
      queue.push(target)
    }
  }
  return parent
}

const chain = (graph: Map<string, string | null>, id: string) => {
  const out: string[] = []
  for (let at: string | null | undefined = id; at; at = graph.get(at)) out.unshift(at.replace(`${process.cwd()}/`, ""))
  return out.join(" → ")
}

describe("the first load of every page", () => {
  const graph = staticGraph(ENTRY)

  it("reads the entry's imports (the walk itself works)", () => {
    expect([...graph.keys()].some((id) => id.endsWith("/src/app/App.tsx"))).toBe(true)
    expect(graph.has("react-dom/client")).toBe(true)
  })

  it("holds no form engine, Effect Schema, editor, Zag widget or CRM code", () => {
    const found = [...graph.keys()].filter((id) => LATER.some((re) => re.test(id))).map((id) => chain(graph, id))
    expect(found).toEqual([])
  })
})
