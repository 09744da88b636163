import { hasRule } from "../../../schemas/forms/values.ts"
import { Schema } from "effect"
import { api, call } from "../../api/client.ts"
import { createResource, type Resource } from "../../api/resource.ts"
import type { ClientError } from "../../api/errors.ts"
import type { Deleted, ListPage } from "../../../machines/crm-list.machine.ts"
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../../../schemas/constants.ts"
import type { FieldOption, FieldOptionsBySource } from "../../../schemas/forms/types.ts"
import { holdsValue } from "../../../schemas/forms/values.ts"
import { resourceNamed } from "../../../schemas/resources/index.ts"
import type { ListQuery } from "../../../schemas/resources/list-query.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"
import { saveBlob } from "../../api/download.ts"

/**
 * The calls of a declared resource through the app's generic resource client (src/api/resource.ts).
 * The CRM tells a failed read from an empty one, so a read's failure (which the client answers as an
 * empty list or null) is thrown here again as the ClientError it carries (SPEC.md section 8).
 */
const clients = new WeakMap<ResourceDeclaration, Resource<CrmRecord>>()
function clientOf(resource: ResourceDeclaration): Resource<CrmRecord> {
  let client = clients.get(resource)
  if (!client) {
    const decode = Schema.decodeUnknownSync(resource.record as never) as (raw: unknown) => CrmRecord
    client = createResource<CrmRecord>({ path: resource.apiPath, decode, wrapper: resource.edit?.wrapper })
    clients.set(resource, client)
  }
  return client
}

export async function listRecords(resource: ResourceDeclaration, { page, filters, sort }: ListQuery, per = PER_PAGE_DEFAULT): Promise<ListPage> {
  const res = await clientOf(resource).list({ page, per, ...filters, ...(sort ? { sort } : {}) }, { onReadFailure: () => {} })
  if (res.error) throw res.error
  return { items: res.data, totalPages: res.meta.total_pages, totalCount: res.meta.total_count }
}

export async function readRecord(resource: ResourceDeclaration, id: string): Promise<CrmRecord> {
  let failure: ClientError | null = null
  const record = await clientOf(resource).read(id, { onReadFailure: (e) => (failure = e) })
  if (record === null) throw failure ?? new Error("no record")
  return record
}

export const saveRecord = (resource: ResourceDeclaration, id: string | null, payload: unknown): Promise<CrmRecord> =>
  id === null ? clientOf(resource).create(payload) : clientOf(resource).update(id, payload)

/** Deletes the records `ids` in one call (`DELETE {apiPath}/?ids=…`, all or nothing); answers the undo's token. */
export const deleteRecords = (resource: ResourceDeclaration, ids: readonly string[]): Promise<Deleted> =>
  call(async () => {
    const answer = await api<{ meta: { undo_token: string } }>(`${resource.apiPath}/`, { method: "DELETE", query: { ids: ids.join(",") } })
    return { token: answer.meta.undo_token }
  })

/** Puts back the records of a delete (`POST {apiPath}/restore/`); answers how many came back. */
export const restoreRecords = (resource: ResourceDeclaration, token: string): Promise<{ count: number }> =>
  call(async () => {
    const answer = await api<{ meta: { restored_count: number } }>(`${resource.apiPath}/restore/`, { method: "POST", body: { token } })
    return { count: answer.meta.restored_count }
  })

/**
 * Downloads the filtered list as CSV (`GET {apiPath}/export.csv` with the list's filters and sort).
 * The call carries the session's bearer token, which a plain link could not, so the file arrives as a
 * blob and is saved under the server's file name.
 */
export async function downloadCsv(resource: ResourceDeclaration, { filters, sort }: Pick<ListQuery, "filters" | "sort">): Promise<void> {
  const response = await call(() => api.raw<Blob, "blob">(`${resource.apiPath}/export.csv`, { query: { ...filters, ...(sort ? { sort } : {}) }, responseType: "blob" }))
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `${resource.name}.csv`
  saveBlob(response._data!, name)
}

/**
 * The choices of the form's selects whose `source` names a declared resource: its records (all of
 * them, up to the API's page maximum), named by its `optionLabel`; not the record being edited when
 * it is of the same resource; first a choice of none ('Без родителя', the field's placeholder) when
 * the field is not required.
 */
export async function loadOptions(resource: ResourceDeclaration, id: string | null): Promise<FieldOptionsBySource> {
  const form = resource.edit?.form
  const fields = (form?.fields ?? []).filter((f) => holdsValue(f) && f.attributes?.source && resourceNamed(f.attributes.source))
  const entries = await Promise.all(
    fields.map(async (f) => {
      const source = resourceNamed(f.attributes!.source!)!
      const { items } = await listRecords(source, { page: 1, filters: {}, sort: "" }, PER_PAGE_MAX)
      const required = hasRule(f, "required")
      const options: FieldOption[] = [
        // A multiselect chooses none by choosing nothing: no blank choice.
        ...(required || f.type === "multiselect" ? [] : [{ value: "", label: f.placeholder ?? "" }]),
        ...items.filter((r) => !(source === resource && r.id === id)).map((r) => ({ value: r.id, label: (source.optionLabel ?? source.labelOf)(r) })),
      ]
      return [f.attributes!.source!, options] as const
    }),
  )
  return Object.fromEntries(entries)
}

/** Whether the form's selects need choices loaded before it is shown. */
export const needsOptions = (resource: ResourceDeclaration): boolean =>
  (resource.edit?.form.fields ?? []).some((f) => holdsValue(f) && f.attributes?.source !== undefined && resourceNamed(f.attributes.source) !== undefined)
