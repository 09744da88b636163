import { useEffect, useState } from "react"
import { asClientError } from "../api/client.ts"
import type { ClientError } from "../api/errors.ts"

/** What a page loaded for itself: loading, the value, or the failure as a ClientError (SPEC.md section 8). */
export type Loaded<T> = { readonly state: "loading" } | { readonly state: "ready"; readonly value: T } | { readonly state: "failed"; readonly error: ClientError }

/** Loads once per key (a changed key loads again); a failure is kept as a ClientError. */
export function useLoaded<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> }>({ key, loaded: { state: "loading" } })
  useEffect(() => {
    let live = true
    load().then(
      (value) => live && setResult({ key, loaded: { state: "ready", value } }),
      (err: unknown) => live && setResult({ key, loaded: { state: "failed", error: asClientError(err) } }),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads by key only
  }, [key])
  return result.key === key ? result.loaded : { state: "loading" }
}
