import { api, call } from "../../api/client.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"

/** A declared move of a record's state (`transitions`): `POST {apiPath}/{id}/{path}/` `{ [field]: value, note }`. */
export function moveRecord(resource: ResourceDeclaration, record: CrmRecord, value: string, note: string): Promise<unknown> {
  const t = resource.transitions!
  return call(() => api(`${resource.apiPath}/${encodeURIComponent(record.id)}/${t.path}/`, { method: "POST", body: { [t.field]: value, ...(note.trim() ? { note: note.trim() } : {}) } }))
}

/** A file of a record's section, through the CRM API with the session's bearer token (a plain link could not send it). */
export async function downloadRecordFile(file: { readonly url: string; readonly name: string }): Promise<void> {
  const blob = await call(() => api<Blob, "blob">(file.url, { responseType: "blob" }))
  const href = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = href
  a.download = file.name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}
