/**
 * A machine's config as code the Stately Studio importer reads ("Import from code": a
 * `createMachine({...})` call): states, transitions and invokes as written, with every action, guard,
 * actor and delay as a name or a number, never function source. What cannot be a name is named by
 * what it does (`assign current`, `raise SHOW after 200 ms`); input mappers, computed context and
 * computed params are left out (they are code, read in the machine's own file).
 */
import type { AnyStateMachine } from "xstate"

type Obj = Record<string, unknown>
type Fn = ((...args: never[]) => unknown) & Obj

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v)
const isFn = (v: unknown): v is Fn => typeof v === "function"

/** Plain data (JSON-like, no functions): written as is. */
export function isPlainData(v: unknown): boolean {
  if (v === null || ["string", "number", "boolean"].includes(typeof v)) return true
  if (Array.isArray(v)) return v.every(isPlainData)
  if (!isObj(v) || (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null)) return false
  return Object.values(v).every((x) => x === undefined || isPlainData(x))
}

const eventName = (e: unknown) => (isObj(e) && typeof e.type === "string" ? e.type : "event")

class Namer {
  constructor(private readonly machine: AnyStateMachine) {}

  delay(d: unknown): number | string {
    if (typeof d === "number") return d
    if (typeof d === "string" && /^\d+$/.test(d)) return Number(d)
    const impl = typeof d === "string" ? (this.machine.implementations.delays as Obj)[d] : undefined
    if (typeof impl === "number") return impl
    return typeof d === "string" ? d : "computed delay"
  }

  private delaySuffix(d: unknown): string {
    if (d === undefined) return ""
    const n = this.delay(d)
    return typeof n === "number" ? ` after ${n} ms` : ` after ${n}`
  }

  /** An inline action (built-in or a function written in place) as a readable name. */
  inlineAction(f: Fn): string {
    switch (f.type) {
      case "xstate.assign":
        return isObj(f.assignment) ? `assign ${Object.keys(f.assignment).join(", ")}` : "assign context"
      case "xstate.raise":
        return `raise ${eventName(f.event)}${this.delaySuffix(f.delay)}`
      case "xstate.sendTo":
        return `sendTo ${typeof f.to === "string" ? f.to + " " : ""}${eventName(f.event)}${this.delaySuffix(f.delay)}`
      case "xstate.cancel":
        return `cancel ${typeof f.sendId === "string" ? f.sendId : "delayed event"}`
      case "xstate.emit":
        return `emit ${eventName(f.event)}`
      case "xstate.spawnChild":
        return `spawnChild ${this.actor(f.src, typeof f.id === "string" ? f.id : undefined)}`
      case "xstate.stopChild":
        return `stopChild ${typeof f.actorRef === "string" ? f.actorRef : "child"}`
      case "xstate.log":
        return "log"
      case "xstate.enqueueActions":
        return "enqueueActions"
    }
    return typeof f.type === "string" ? f.type : f.name && !["entry", "exit", "actions"].includes(f.name) ? f.name : "inline action"
  }

  action(a: unknown): unknown {
    if (typeof a === "string") return a
    if (isFn(a)) return this.inlineAction(a)
    if (isObj(a) && typeof a.type === "string") return a.params !== undefined && isPlainData(a.params) ? { type: a.type, params: a.params } : a.type
    return "inline action"
  }

  actions(list: unknown): unknown {
    if (list === undefined) return undefined
    const out = [list].flat().map((a) => this.action(a))
    return out.length === 1 ? out[0] : out
  }

  guard(g: unknown): unknown {
    if (typeof g === "string") return g
    if (isObj(g) && typeof g.type === "string") return g.params !== undefined && isPlainData(g.params) ? { type: g.type, params: g.params } : g.type
    if (isFn(g)) {
      if (g.check !== undefined && "stateValue" in g) return `stateIn(${JSON.stringify(g.stateValue)})`
      if (Array.isArray(g.guards)) return `${g.name}(${g.guards.map((x) => String(this.guard(x))).join(", ")})`
      if (g.check !== undefined && "guard" in g) return `not(${String(this.guard(g.guard))})`
      if (g.name && g.name !== "guard") return g.name
    }
    return "inline guard"
  }

  /** An actor's name: the key it has in `setup({ actors })`, else the invoke's id. */
  actor(src: unknown, id: string | undefined): string {
    if (typeof src === "string") return src
    const actors = this.machine.implementations.actors as Obj
    return Object.keys(actors).find((k) => actors[k] === src) ?? id ?? "inline actor"
  }
}

const compact = (o: Obj): Obj => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

/** The config of one machine with names in place of functions. */
export function machineConfig(machine: AnyStateMachine): Obj {
  const n = new Namer(machine)

  const transition = (t: unknown): unknown => {
    if (typeof t === "string" || t === undefined) return t
    if (!isObj(t)) return undefined
    const out = compact({
      target: t.target,
      guard: t.guard === undefined ? undefined : n.guard(t.guard),
      actions: n.actions(t.actions),
      reenter: t.reenter,
      description: t.description,
      meta: isPlainData(t.meta) ? t.meta : undefined,
    })
    return Object.keys(out).length === 1 && typeof out.target === "string" ? out.target : out
  }
  const transitions = (t: unknown): unknown => (Array.isArray(t) ? t.map(transition) : transition(t))
  const transitionMap = (m: unknown): Obj | undefined =>
    isObj(m) ? Object.fromEntries(Object.entries(m).map(([k, v]) => [k, transitions(v)])) : undefined

  const invoke = (i: unknown): unknown => {
    if (!isObj(i)) return undefined
    const id = typeof i.id === "string" ? i.id : undefined
    return compact({
      id,
      src: n.actor(i.src, id),
      systemId: i.systemId,
      input: isPlainData(i.input) ? i.input : undefined,
      onDone: transitions(i.onDone),
      onError: transitions(i.onError),
      onSnapshot: transitions(i.onSnapshot),
    })
  }

  const state = (s: Obj, isRoot: boolean): Obj =>
    compact({
      id: isRoot || typeof s.id === "string" ? s.id : undefined,
      description: s.description,
      type: s.type,
      history: s.history,
      target: s.target,
      initial: s.initial,
      context: isRoot && s.context !== undefined && isPlainData(s.context) ? s.context : undefined,
      tags: s.tags,
      meta: isPlainData(s.meta) ? s.meta : undefined,
      entry: n.actions(s.entry),
      exit: n.actions(s.exit),
      invoke: s.invoke === undefined ? undefined : Array.isArray(s.invoke) ? s.invoke.map(invoke) : invoke(s.invoke),
      always: transitions(s.always),
      after: isObj(s.after) ? Object.fromEntries(Object.entries(s.after).map(([k, v]) => [String(n.delay(k)), transitions(v)])) : undefined,
      on: transitionMap(s.on),
      onDone: transitions(s.onDone),
      output: s.output !== undefined && isPlainData(s.output) ? s.output : undefined,
      states: isObj(s.states) ? Object.fromEntries(Object.entries(s.states).map(([k, v]) => [k, state(v as Obj, false)])) : undefined,
    })

  return state(machine.config as Obj, true)
}

const IDENT = /^[A-Za-z_$][\w$]*$/
const INDEX = /^(0|[1-9]\d*)$/

/** A JavaScript object literal, keys unquoted where they can be. */
export function literal(v: unknown, indent = ""): string {
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]"
    const inner = indent + "  "
    return `[\n${v.map((x) => inner + literal(x, inner)).join(",\n")},\n${indent}]`
  }
  if (isObj(v)) {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined)
    if (entries.length === 0) return "{}"
    const inner = indent + "  "
    const key = (k: string) => (IDENT.test(k) || INDEX.test(k) ? k : JSON.stringify(k))
    return `{\n${entries.map(([k, x]) => `${inner}${key(k)}: ${literal(x, inner)}`).join(",\n")},\n${indent}}`
  }
  return JSON.stringify(v) ?? "undefined"
}

/** The whole file: an import of `createMachine` and the machine's config. */
export function machineCode(machine: AnyStateMachine, source: string): string {
  return [
    `// Generated by \`npm run machines:export\` from ${source}; do not edit.`,
    "// Stately Studio: Code panel → Import (or a new machine → Import code), paste this file.",
    `import { createMachine } from "xstate"`,
    "",
    `export const machine = createMachine(${literal(machineConfig(machine))})`,
    "",
  ].join("\n")
}
