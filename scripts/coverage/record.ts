/**
 * Vitest setup file of `npm run machines:coverage` (never of `npm test`): after each generated path
 * test that passes, writes the states it reached and the transitions it took to
 * MACHINE_COVERAGE_DIR, one JSON line per path. The path is replayed on its model machine with
 * xstate's own transition function, which reports every microstep (eventless transitions included)
 * with the transitions taken; nothing runs (no actions, no actors).
 */
import { appendFileSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, createEmptyActor, type InspectionEvent } from "xstate"
import { TestModel } from "xstate/graph"
import { transitionKey } from "./graph.ts"

export interface PathRecord {
  readonly machine: string
  readonly path: string
  readonly passed: boolean
  readonly states: string[]
  readonly transitions: string[]
}

type Transitions = Parameters<typeof transitionKey>[0][]
type Step = { readonly event: AnyEventObject; readonly state: AnyMachineSnapshot }
type Path = { readonly steps: readonly Step[]; readonly description?: string }

const dir = process.env.MACHINE_COVERAGE_DIR
const file = dir ? join(dir, `${process.pid}.jsonl`) : undefined

/** An actor scope like the one xstate/graph traverses with, that hands over the microsteps. */
function scope(onMicrostep: (e: { snapshot: AnyMachineSnapshot; transitions: Transitions }) => void) {
  const self = createEmptyActor()
  const system = self.system as unknown as { _sendInspectionEvent: (e: InspectionEvent) => void }
  system._sendInspectionEvent = (e) => {
    if (e.type === "@xstate.microstep") onMicrostep({ snapshot: e.snapshot as AnyMachineSnapshot, transitions: (e as unknown as { _transitions: Transitions })._transitions })
  }
  return { self, logger: () => {}, id: "", sessionId: "coverage", defer: () => {}, system: self.system, stopChild: () => {}, emit: () => {}, actionExecutor: () => {} }
}

export function reached(machine: AnyStateMachine, path: Path, input: unknown): { states: Set<string>; transitions: Set<string> } {
  const states = new Set<string>()
  const transitions = new Set<string>()
  const nodesOf = (s: AnyMachineSnapshot) => {
    for (const n of (s as unknown as { _nodes: { id: string }[] })._nodes) if (n.id !== machine.root.id) states.add(n.id)
  }
  const s = scope(({ snapshot, transitions: taken }) => {
    nodesOf(snapshot)
    for (const t of taken) {
      transitions.add(transitionKey(t))
      if (t.source !== machine.root) states.add(t.source.id)
    }
  })
  const [first, ...rest] = path.steps
  if (!first) return { states, transitions }
  nodesOf(machine.getInitialSnapshot(s as never, input))
  let previous = first.state
  for (const step of rest) {
    nodesOf(machine.transition(previous, step.event, s as never))
    previous = step.state
  }
  return { states, transitions }
}

function write(record: PathRecord) {
  if (!file) return
  mkdirSync(dir!, { recursive: true })
  appendFileSync(file, JSON.stringify(record) + "\n")
}

type TestPath = (this: TestModel<AnyMachineSnapshot, AnyEventObject, unknown>, path: Path, ...rest: unknown[]) => Promise<unknown>
const proto = TestModel.prototype as unknown as { testPath: TestPath }
const original = proto.testPath
proto.testPath = async function (path, ...rest) {
  const logic = (this as unknown as { testLogic: unknown }).testLogic as AnyStateMachine
  const isMachine = typeof logic === "object" && logic !== null && "root" in logic
  const record = (passed: boolean) => {
    if (!isMachine) return
    const { states, transitions } = reached(logic, path, (this as unknown as { options: { input?: unknown } }).options.input)
    write({ machine: logic.id, path: path.description ?? "", passed, states: [...states], transitions: [...transitions] })
  }
  try {
    const result = await original.call(this, path, ...rest)
    record(true)
    return result
  } catch (err) {
    record(false)
    throw err
  }
}
