import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { afterAll, describe, expect, test } from "vitest"
import { and, assign, type AnyStateMachine, type AnyStateNode, fromPromise, not, raise, setup, stateIn } from "xstate"
import { exportMachines } from "../../scripts/export-machines.ts"
import { machineCode } from "../../scripts/machine-code.ts"
import { readManifest } from "../../scripts/machines-manifest.ts"

/**
 * The structure a machine's graph has, from xstate's own resolved state nodes: every state (deep) with
 * its type and initial target, and for each state its transitions by event type (`on`, `after`,
 * invoke done/error, state done) and its eventless ones, each as targets, guard presence and reenter.
 * Delays are numbers: a named delay of `setup` is replaced by its value.
 */
function graph(machine: AnyStateMachine) {
  const delays = machine.implementations.delays as Record<string, unknown>
  const eventType = (type: string) =>
    type.replace(/^xstate\.after\.([^.]+)\./, (all, d: string) => (typeof delays[d] === "number" ? `xstate.after.${delays[d]}.` : all))
  const edge = (t: { target?: readonly AnyStateNode[] | undefined; guard?: unknown; reenter?: boolean }) => ({
    targets: (t.target ?? []).map((s) => s.id),
    guarded: t.guard !== undefined,
    reenter: Boolean(t.reenter),
  })
  const nodes: Record<string, unknown> = {}
  const visit = (node: AnyStateNode) => {
    nodes[node.id] = {
      type: node.type,
      initial: node.initial?.target.map((s) => s.id) ?? [],
      invoke: node.invoke.map((i) => i.id),
      tags: [...node.tags],
      on: Object.fromEntries([...node.transitions.entries()].map(([type, list]) => [eventType(type), list.map(edge)]).sort()),
      always: (node.always ?? []).map(edge),
    }
    for (const child of Object.values(node.states)) visit(child)
  }
  visit(machine.root)
  return nodes
}

/** True when `v` holds a function anywhere (the exported config must hold names and numbers only). */
const hasFunction = (v: unknown): boolean =>
  typeof v === "function" || (typeof v === "object" && v !== null && Object.values(v).some(hasFunction))

const tmp = resolve(".tmp")
mkdirSync(tmp, { recursive: true })
const outDir = mkdtempSync(join(tmp, "machines-export-"))
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

const load = async (path: string) => ((await import(pathToFileURL(path).href)) as { machine: AnyStateMachine }).machine

describe("machines:export", async () => {
  const results = await exportMachines(outDir)
  const manifest = readManifest()

  test("every machine of stately.config.json is exported", () => {
    expect(results.map((r) => r.id)).toEqual(manifest.map((m) => m.id))
    expect(results.filter((r) => r.problem)).toEqual([])
  })

  for (const r of results.filter((x) => x.path)) {
    const entry = manifest.find((m) => m.id === r.id)!
    test(`${r.id}: the exported createMachine has the real machine's states and transitions`, async () => {
      const code = readFileSync(r.path!, "utf8")
      expect(code).toContain(`import { createMachine } from "xstate"`)
      expect(code).toMatch(/export const machine = createMachine\(\{/)
      expect(code).not.toMatch(/=>|\bfunction\b/)
      const exported = await load(r.path!)
      const real = ((await import(pathToFileURL(resolve(entry.file)).href)) as Record<string, AnyStateMachine>)[entry.export]!
      expect(hasFunction(exported.config)).toBe(false)
      expect(graph(exported)).toEqual(graph(real))
    })
  }
})

// Everything the exporter names that today's machines may not use yet: named delays, inline guards
// and built-in guards, built-in actions with delays, actors given as logic, history, parallel, final.
const fixture = setup({
  types: { context: {} as { n: number }, events: {} as { type: "GO" } | { type: "BACK" } | { type: "TICK" } },
  delays: { PATIENCE: 1500, computed: ({ context }) => context.n * 10 },
  actors: { load: fromPromise(async () => 1) },
  actions: { note: () => {} },
  guards: { ready: () => true },
}).createMachine({
  id: "fixture",
  context: { n: 0 },
  initial: "a",
  description: "a machine for the exporter's test",
  states: {
    a: {
      tags: ["idle"],
      meta: { doc: "first" },
      after: { PATIENCE: "b", 250: { target: "c", actions: assign({ n: 1 }) }, computed: "c" },
      on: {
        GO: [
          { guard: ({ context }) => context.n > 0, target: "b" },
          { guard: and(["ready", not("ready")]), target: "c" },
          { guard: stateIn("#fixture.a"), target: "c", actions: raise({ type: "TICK" }, { delay: "PATIENCE" }) },
        ],
      },
    },
    b: {
      type: "parallel",
      states: {
        left: { initial: "l1", states: { l1: { on: { TICK: "l2" } }, l2: { type: "final" } } },
        right: { initial: "r1", states: { r1: {}, hist: { type: "history", history: "deep" } } },
      },
      onDone: "c",
      on: { BACK: { target: "a", reenter: true, actions: [{ type: "note", params: { why: "back" } }, { type: "note", params: () => ({}) }] } },
    },
    c: {
      invoke: [{ src: "load", id: "loader", input: ({ context }) => context, onDone: "d", onError: "a" }, { src: fromPromise(async () => 2) }],
    },
    d: { type: "final" },
  },
})

test("a fixture with delays, inline and built-in guards, history and parallel states exports as names and numbers", async () => {
  const path = join(outDir, "fixture.ts")
  const code = machineCode(fixture, "the test")
  writeFileSync(path, code)
  expect(code).not.toMatch(/=>|\bfunction\b/)
  expect(code).toContain("1500: ")
  expect(code).toContain(`"assign n"`)
  expect(code).toContain(`"raise TICK after 1500 ms"`)
  expect(code).toContain(`"and(ready, not(ready))"`)
  expect(code).toContain(`stateIn(\\"#fixture.a\\")`)
  expect(code).toContain(`params: {\n`)
  const exported = await load(path)
  expect(hasFunction(exported.config)).toBe(false)
  expect(exported.config.context).toEqual({ n: 0 })
  expect(graph(exported)).toEqual(graph(fixture))
})
