import { useSyncExternalStore } from "react"
import { messages } from "../../../schemas/messages/common.ts"
import * as css from "./notices.css.ts"

const subscribe = (notify: () => void) => {
  window.addEventListener("online", notify)
  window.addEventListener("offline", notify)
  return () => {
    window.removeEventListener("online", notify)
    window.removeEventListener("offline", notify)
  }
}

/** A banner while the browser is offline (navigator.onLine and the online/offline events). */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true)
  if (online) return null
  return (
    <div role="status" className={css.offline}>
      {messages.shell.offline}
    </div>
  )
}
