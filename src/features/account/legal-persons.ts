import { useEffect, useState } from "react"
import { api, asClientError } from "../../api/client.ts"
import type { ClientError } from "../../api/errors.ts"

/** A legal person the signed-in director directs (docs/auth-contract.md). */
export interface LegalPerson {
  readonly id: string
  readonly name: string
  readonly inn: string
  readonly kpp: string | null
  readonly ogrn: string | null
}

type Raw = Record<string, unknown> & { attributes?: Record<string, unknown> }

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null)

/** Plain objects or JSON:API resources alike. */
function toLegalPerson(raw: Raw): LegalPerson {
  const a = raw.attributes ?? raw
  return { id: String(raw.id), name: str(a.name) ?? "", inn: str(a.inn) ?? "", kpp: str(a.kpp), ogrn: str(a.ogrn) }
}

export const listLegalPersons = async (): Promise<LegalPerson[]> =>
  (await api<{ data: Raw[] }>("/api/v1/lk/legal_person/")).data.map(toLegalPerson)

export const readLegalPerson = async (id: string): Promise<LegalPerson> =>
  toLegalPerson((await api<{ data: Raw }>(`/api/v1/lk/legal_person/${encodeURIComponent(id)}/`)).data)

export type Loaded<T> = { readonly state: "loading" } | { readonly state: "ready"; readonly value: T } | { readonly state: "failed"; readonly error: ClientError }

/** Loads once per key; a failure is kept as a ClientError (SPEC.md section 8). */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
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
