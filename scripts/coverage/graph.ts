/**
 * The states and transitions of a machine's graph, each with a key that is the same in the real
 * machine and in a path test's model of it (the same config with invocations as events, or some
 * events left out): a state by its id, a transition by its source state, event type and place among
 * that state's transitions on the event. Eventless transitions have the event type `always`.
 */
import type { AnyStateMachine, AnyStateNode } from "xstate"

interface TransitionLike {
  readonly source: AnyStateNode
  readonly eventType: string
  readonly target?: readonly AnyStateNode[] | undefined
}

export function transitionKey(t: TransitionLike): string {
  const list: readonly unknown[] = t.eventType === "" ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])
  return `${t.source.id} ${t.eventType === "" ? "always" : t.eventType}#${list.indexOf(t)}`
}

/** A transition key as a reader wants it: `source —event→ targets`. */
export function describeTransition(t: TransitionLike): string {
  const targets = (t.target ?? []).map((s) => s.id).join(", ") || "(stays)"
  return `${t.source.id} —${t.eventType === "" ? "always" : t.eventType}→ ${targets}`
}

export interface MachineGraph {
  /** State ids (every state node but the root). */
  readonly states: string[]
  /** Transition key → its description. */
  readonly transitions: Map<string, string>
}

export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const states: string[] = []
  const transitions = new Map<string, string>()
  const visit = (node: AnyStateNode) => {
    if (node !== machine.root) states.push(node.id)
    for (const list of node.transitions.values()) for (const t of list) transitions.set(transitionKey(t), describeTransition(t))
    for (const t of node.always ?? []) transitions.set(transitionKey(t), describeTransition(t))
    for (const child of Object.values(node.states)) visit(child)
  }
  visit(machine.root)
  return { states, transitions }
}
