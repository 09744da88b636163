import { useLoad } from "../../ui/flows/use-load.ts"
import type { ReportedError } from "./api-errors.ts"
import { readRecord } from "./crm-api.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"

export type RecordLoad = (
  | { readonly state: "loading" }
  | { readonly state: "loaded"; readonly record: CrmRecord }
  | { readonly state: "failed"; readonly error: ReportedError }
) & {
  /** Reads the record again behind the one shown (after a move or a panel's change). */
  reload(): void
}

/** One record of a resource through the load machine, per id (the read-only pages: a record's page, a preview). */
export function useRecord(resource: ResourceDeclaration, id: string): RecordLoad {
  // The declaration is the route's own: the same for as long as the page lives.
  const loaded = useLoad(id, (key) => readRecord(resource, key))
  const reload = loaded.reload
  if (loaded.state === "ready") return { state: "loaded", record: loaded.value, reload }
  if (loaded.state === "failed") return { state: "failed", error: loaded.error, reload }
  return { state: "loading", reload }
}
