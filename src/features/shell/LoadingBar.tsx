import { useSelector } from "@xstate/react"
import { messages } from "../../../schemas/messages/common.ts"
import * as css from "./loading-bar.css.ts"
import { loadingBarActor } from "./loading.ts"

/** The thin bar at the top while requests or route chunks load for longer than the throttle. */
export function LoadingBar() {
  const state = useSelector(loadingBarActor(), (s) => s.value)
  if (state !== "running" && state !== "finishing") return null
  return (
    <div className={css.track} role="progressbar" aria-label={messages.shell.loading} aria-busy={state === "running"} data-loading-bar={state}>
      <div className={[css.bar, state === "finishing" ? css.done : ""].join(" ")} />
    </div>
  )
}
