import type { ReactNode } from "react"

/** PLACEHOLDER until the session and context machines land. */
export function SessionRoot({ children }: { children: ReactNode }) {
  return <>{children}</>
}
