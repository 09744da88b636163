import { type AnyActorRef, type SnapshotFrom, waitFor } from "xstate"
import type { Failure } from "../../../machines/failure.ts"

/**
 * How a form of the engine hands its values to the flow machine of its page (sign-in, level-up,
 * password reset, confirmation): the form's `submit` sends the flow's event and settles with the
 * flow's outcome. So the engine keeps the submit lifecycle (validation, disabled button, field errors
 * of a 422) and the flow machine keeps the spec's states (submitting, failure, success...).
 *
 * `settle` reads the flow's snapshot after the event: null while the flow is still busy with it,
 * `{ done }` when it succeeded (the promise resolves with `done`), `{ failed }` when it failed (the
 * promise rejects with that Failure: a 422's `details` show next to the form's fields).
 */
export type Settled = { readonly done: unknown } | { readonly failed: Failure }

export async function submitThrough<A extends AnyActorRef>(
  actor: A,
  event: Parameters<A["send"]>[0],
  settle: (snapshot: SnapshotFrom<A>) => Settled | null,
): Promise<unknown> {
  actor.send(event)
  const snapshot = await waitFor(actor, (s) => settle(s as SnapshotFrom<A>) !== null)
  const outcome = settle(snapshot as SnapshotFrom<A>)!
  if ("failed" in outcome) throw outcome.failed
  return outcome.done
}
