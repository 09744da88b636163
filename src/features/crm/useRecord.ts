import { useEffect, useState } from "react"
import type { ReportedError } from "./api-errors.ts"
import { readRecord } from "./crm-api.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"

export type RecordLoad = { readonly state: "loading" } | { readonly state: "loaded"; readonly record: CrmRecord } | { readonly state: "failed"; readonly error: ReportedError }

/** One record of a resource, read once per id and `version` (the read-only pages: a record's page, a preview; a record's page reads again after a move). */
export function useRecord(resource: ResourceDeclaration, id: string, version = 0): RecordLoad {
  const [load, setLoad] = useState<RecordLoad & { readonly id?: string }>({ state: "loading" })
  useEffect(() => {
    let live = true
    readRecord(resource, id).then(
      (record) => live && setLoad({ state: "loaded", record, id }),
      (error: ReportedError) => live && setLoad({ state: "failed", error, id }),
    )
    return () => {
      live = false
    }
  }, [resource, id, version])
  return load.id === id ? load : { state: "loading" }
}
