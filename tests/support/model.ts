import { type AnyStateMachine, createMachine } from "xstate"

type Node = { invoke?: unknown; after?: Record<string, unknown>; on?: Record<string, unknown>; states?: Record<string, Node> }

/**
 * `createTestModel` does not run invoked actors: the model is the same machine with each
 * invocation's onDone/onError as transitions on its done/error events, which the path test then
 * causes on the real page (a real answer of the server, or a held or failed request).
 */
export function invocationsAsEvents<M extends AnyStateMachine>(machine: M): M {
  const strip = (node: Node): Node => {
    const { invoke, states, on, ...rest } = node
    const extra: Record<string, unknown> = {}
    for (const inv of [invoke ?? []].flat() as { id: string; onDone?: unknown; onError?: unknown }[]) {
      if (inv.onDone) extra[`xstate.done.actor.${inv.id}`] = inv.onDone
      if (inv.onError) extra[`xstate.error.actor.${inv.id}`] = inv.onError
    }
    return { ...rest, on: { ...on, ...extra }, ...(states ? { states: Object.fromEntries(Object.entries(states).map(([k, v]) => [k, strip(v)])) } : {}) }
  }
  return createMachine(strip(machine.config as Node) as never, machine.implementations as never) as unknown as M
}

/**
 * The machine without the transitions on `types`: events a page under test cannot cause (they are
 * covered by the machine's unit test instead), which the model would otherwise send bare.
 */
export function withoutEvents<M extends AnyStateMachine>(machine: M, types: readonly string[]): M {
  const strip = (node: Node): Node => {
    const { states, on, ...rest } = node
    const kept = on ? Object.fromEntries(Object.entries(on).filter(([type]) => !types.includes(type))) : undefined
    return { ...rest, ...(kept ? { on: kept } : {}), ...(states ? { states: Object.fromEntries(Object.entries(states).map(([k, v]) => [k, strip(v)])) } : {}) }
  }
  return createMachine(strip(machine.config as Node) as never, machine.implementations as never) as unknown as M
}

/**
 * `createTestModel` refuses delayed transitions: the model is the machine with each `after` as a
 * transition on its event (`xstate.after.<delay>.<state id>`, the real one's type, so coverage keys
 * agree), which the path test causes by moving the page's clock.
 */
export function afterAsEvents<M extends AnyStateMachine>(machine: M): M {
  const strip = (node: Node, id: string): Node => {
    const { after, states, on, ...rest } = node
    const extra = Object.fromEntries(Object.entries(after ?? {}).map(([delay, t]) => [`xstate.after.${delay}.${id}`, t]))
    return { ...rest, on: { ...on, ...extra }, ...(states ? { states: Object.fromEntries(Object.entries(states).map(([k, v]) => [k, strip(v, `${id}.${k}`)])) } : {}) }
  }
  return createMachine(strip(machine.config as Node, machine.id) as never, machine.implementations as never) as unknown as M
}

/** A held request's answer as the server would send it: a status and a JSON body (for `route.fulfill`). */
export const json = (status: number, body: unknown) => ({ status, contentType: "application/json", body: JSON.stringify(body) })
