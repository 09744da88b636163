import { useActorRef, useSelector } from "@xstate/react"
import { type ComponentType, type ReactNode, Suspense, useMemo, useState } from "react"
import type { AnyActorRef } from "xstate"
import { modalMachine } from "../../machines/modal.machine.ts"
import { offerRequestMachine } from "../../machines/offer-request.machine.ts"
import { type ModalActors, ModalsContext } from "../features/modals/index.ts"
import { lazyWithReload } from "../ui/lazy.ts"

/** Each modal's code loads with its first opening, not with the page. */
const HOSTS: ReadonlyArray<readonly [keyof ModalActors, ComponentType]> = [
  ["signIn", lazyWithReload(() => import("../features/auth/SignInModal.tsx"))],
  ["user", lazyWithReload(() => import("../features/auth/AuthedUserModal.tsx"))],
  ["passwordReset", lazyWithReload(() => import("../features/password/PasswordResetHost.tsx"))],
  ["offer", lazyWithReload(() => import("../features/requests/OfferModals.tsx"))],
  ["policy", lazyWithReload(() => import("../features/requests/PolicyModal.tsx"))],
  ["feedback", lazyWithReload(() => import("../features/requests/FeedbackModal.tsx"))],
]

/** A modal's host, from its actor's first opening on. */
function LazyHost({ actor, Host }: { actor: AnyActorRef; Host: ComponentType }) {
  const active = useSelector(actor, (s: { matches: (v: string) => boolean }) => !s.matches("closed"))
  const [needed, setNeeded] = useState(false)
  if (active && !needed) setNeeded(true)
  if (!needed && !active) return null
  return (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  )
}

/**
 * The app-wide actors of the site's modals (sign-in, password reset, the user's modal, the policy, the
 * feedback form, the offer flow): pages open a modal by an event to its actor (`useModals()`), and each modal's host
 * mounts with its first opening.
 */
export function ModalHost({ children }: { children: ReactNode }) {
  const signIn = useActorRef(modalMachine)
  const passwordReset = useActorRef(modalMachine)
  const user = useActorRef(modalMachine)
  const policy = useActorRef(modalMachine)
  const feedback = useActorRef(modalMachine)
  const offer = useActorRef(offerRequestMachine)
  const actors = useMemo<ModalActors>(() => ({ signIn, passwordReset, user, policy, feedback, offer }), [signIn, passwordReset, user, policy, feedback, offer])
  return (
    <ModalsContext.Provider value={actors}>
      {children}
      {HOSTS.map(([name, Host]) => (
        <LazyHost key={name} actor={actors[name]} Host={Host} />
      ))}
    </ModalsContext.Provider>
  )
}
