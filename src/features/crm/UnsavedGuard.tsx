import { useEffect } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import { useLocation } from "wouter"
import { unsavedChangesMachine } from "../../../machines/unsaved-changes.machine.ts"
import { crmScreenMessages as t } from "../../../schemas/messages/crm-screen.ts"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { holdHistory } from "../shell/index.ts"
import { leaveTarget } from "./leave-target.ts"

const here = () => `${location.pathname}${location.search}`

/**
 * While `dirty`, leaving the form asks first (unsavedChangesMachine): a click on a link of the app
 * (the side menu, 'Отмена', the header) and the browser's back are held and answered by a dialog;
 * closing or reloading the tab gets the browser's own prompt (`beforeunload`).
 */
export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  const [, navigate] = useLocation()
  const actor = useActorRef(
    unsavedChangesMachine.provide({
      actions: { proceed: (_, { to, back }) => (back ? history.back() : navigate(to)) },
    }),
  )
  const asking = useSelector(actor, (s) => s.matches("asking"))

  useEffect(() => {
    actor.send({ type: dirty ? "EDIT" : "SAVED" })
  }, [actor, dirty])

  useEffect(() => {
    if (!dirty) return
    const guarding = () => !actor.getSnapshot().matches("left")
    // Capture on the document runs before the router's own click handler, which then never sees it.
    const onClick = (e: MouseEvent) => {
      if (!guarding()) return
      const to = leaveTarget(e, location.href)
      if (to === null || to === here()) return
      e.preventDefault()
      e.stopPropagation()
      actor.send({ type: "LEAVE", to, back: false })
    }
    // The address has already changed: the router is kept from following (src/app/history-guard.ts)
    // and the form's address is put back, so the form stays as it was while the dialog asks.
    const formAddress = here()
    const release = holdHistory(() => {
      if (!guarding()) return false
      const to = here()
      history.pushState(history.state, "", formAddress)
      actor.send({ type: "LEAVE", to, back: true })
      return true
    })
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!guarding()) return
      e.preventDefault()
      // Older Chromium shows the prompt only for a set returnValue.
      e.returnValue = ""
    }
    document.addEventListener("click", onClick, true)
    window.addEventListener("beforeunload", onBeforeUnload)
    return () => {
      document.removeEventListener("click", onClick, true)
      release()
      window.removeEventListener("beforeunload", onBeforeUnload)
    }
  }, [actor, dirty])

  return (
    <ConfirmDialog
      open={asking}
      title={t.unsavedTitle}
      description={t.unsavedText}
      confirmLabel={t.unsavedLeave}
      cancelLabel={t.unsavedStay}
      onConfirm={() => actor.send({ type: "CONFIRM" })}
      onCancel={() => actor.send({ type: "STAY" })}
    />
  )
}
