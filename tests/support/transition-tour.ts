import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from "xstate"
import type { TestModel, TestParam, TestPath } from "xstate/graph"

/** An event as a path's name shows it: an answer by its failure's status only (the states say the rest). */
function describeEvent({ type, output: _output, error, ...rest }: AnyEventObject): string {
  const status = (error as { status?: number } | undefined)?.status
  return [type, Object.keys(rest).length ? JSON.stringify(rest) : "", status ? String(status) : ""].filter(Boolean).join(" ")
}

type Step<S> = { readonly state: S; readonly event: AnyEventObject }
type Edge<S> = { readonly event: AnyEventObject; readonly state: S; readonly key: string; readonly transition: string }

/**
 * A generated model's paths that take each of its transitions at least once, in few paths: the walk
 * goes from where it is to the nearest transition not yet taken (breadth first over the model's states),
 * and again, and ends when none is left that it can reach or once it has `maxSteps` events; the next walk
 * starts over from the initial state. The shortest paths of a model with many transitions are many
 * short paths, each a browser context of its own; a walk takes a dozen transitions in one.
 * A transition is the machine's own (its source state, event and place among that state's
 * transitions on the event, as `npm run machines:coverage` counts it); an event the machine
 * ignores takes none. The model's `serializeState` names its states.
 */
export function transitionTour<S extends AnyMachineSnapshot, E extends AnyEventObject, I>(
  model: TestModel<S, E, I>,
  { maxSteps = Infinity }: { readonly maxSteps?: number } = {},
): Array<TestPath<S, E>> {
  const machine = model.testLogic as unknown as AnyStateMachine
  const serialize = model.options.serializeState as (state: S, event?: AnyEventObject, previous?: S) => string
  const transitionOf = (state: S, event: AnyEventObject) =>
    machine
      .getTransitionData(state as never, event)
      .map((t) => `${t.source.id} ${t.eventType} ${(t.source.transitions.get(t.eventType) ?? []).indexOf(t)}`)
      .join()
  const adjacency = model.getAdjacencyMap() as unknown as Record<string, { state: S; transitions: Record<string, { event: AnyEventObject; state: S }> }>
  const nodes = new Map<string, { state: S; edges: Edge<S>[] }>()
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const edges = Object.values(transitions).map(({ event, state: next }) => ({ event, state: next, key: serialize(next, event, state), transition: transitionOf(state, event) }))
    nodes.set(key, { state, edges })
  }
  const [startKey, start] = [...nodes.entries()][0]!
  const untaken = new Set([...nodes.values()].flatMap((n) => n.edges.map((e) => e.transition)).filter(Boolean))

  const nearestUntaken = (from: string): Edge<S>[] | null => {
    const seen = new Set([from])
    const queue: { key: string; route: Edge<S>[] }[] = [{ key: from, route: [] }]
    for (let i = 0; i < queue.length; i++) {
      const { key, route } = queue[i]!
      for (const edge of nodes.get(key)?.edges ?? []) {
        if (untaken.has(edge.transition)) return [...route, edge]
        if (!seen.has(edge.key)) {
          seen.add(edge.key)
          queue.push({ key: edge.key, route: [...route, edge] })
        }
      }
    }
    return null
  }

  const paths: Array<TestPath<S, E>> = []
  for (;;) {
    const steps: Step<S>[] = [{ state: start.state, event: { type: "xstate.init" } }]
    let at = startKey
    for (let route = nearestUntaken(at); route && steps.length <= maxSteps; route = nearestUntaken(at)) {
      for (const edge of route) {
        untaken.delete(edge.transition)
        steps.push({ state: edge.state, event: edge.event })
      }
      at = route.at(-1)!.key
    }
    if (steps.length === 1) return paths
    const path = { state: steps.at(-1)!.state, steps, weight: steps.length }
    const events = steps.map(({ event }) => describeEvent(event)).join(" → ")
    paths.push({
      ...path,
      description: `Walks ${steps.length - 1} events to state ${JSON.stringify(path.state.value)}: ${events}`,
      test: (params: TestParam<S, E>) => model.testPath(path as never, params),
    } as unknown as TestPath<S, E>)
  }
}
