import { api, call } from "../../api/client.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"
import { downloadFile } from "../../api/download.ts"

/** A declared move of a record's state (`transitions`): `POST {apiPath}/{id}/{path}/` `{ [field]: value, note }`. */
export function moveRecord(resource: ResourceDeclaration, record: CrmRecord, value: string, note: string): Promise<unknown> {
  const t = resource.transitions!
  return call(() => api(`${resource.apiPath}/${encodeURIComponent(record.id)}/${t.path}/`, { method: "POST", body: { [t.field]: value, ...(note.trim() ? { note: note.trim() } : {}) } }))
}

/** A file of a record's section, through the CRM API with the session's bearer token (a plain link could not send it). */
export const downloadRecordFile = downloadFile
