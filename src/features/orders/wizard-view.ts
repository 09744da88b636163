import { startTransition, useEffect, useRef, useState } from "react"
import type { AnyActorRef, SnapshotFrom } from "xstate"
import type { OrderStep } from "../../../machines/order-wizard.machine.ts"

/**
 * The machine's snapshot, each change rendered in a transition: a move to the next step (a whole new
 * form of twenty fields) renders in the background instead of in the click's frame (INP;
 * docs/production.md, "Interaction and navigation"). A transition, not useDeferredValue: a transition
 * that waits too long is rendered at once, a deferred value may wait for ever while other updates
 * keep coming.
 */
export function useSnapshotInTransition<A extends AnyActorRef>(actor: A): SnapshotFrom<A> {
  const [snapshot, setSnapshot] = useState<SnapshotFrom<A>>(() => actor.getSnapshot() as SnapshotFrom<A>)
  useEffect(() => {
    const show = (s: SnapshotFrom<A>) => startTransition(() => setSnapshot(s))
    // The actor started after this page's first render: its snapshot may have moved since.
    show(actor.getSnapshot() as SnapshotFrom<A>)
    const subscription = actor.subscribe((s) => show(s as SnapshotFrom<A>))
    return () => subscription.unsubscribe()
  }, [actor])
  return snapshot
}

/** Each new step starts at its heading with the focus on it (not on the page's first paint). */
export function useStepFocus(step: OrderStep | null) {
  const heading = useRef<HTMLHeadingElement | null>(null)
  const shown = useRef<OrderStep | null>(null)
  useEffect(() => {
    if (step === null) return
    const before = shown.current
    shown.current = step
    if (before === null || before === step) return
    heading.current?.focus({ preventScroll: true })
    heading.current?.scrollIntoView({ block: "start" })
  }, [step])
  return heading
}
