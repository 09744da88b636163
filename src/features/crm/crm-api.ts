import { Schema } from "effect"
import { api, asClientError } from "../../api/client.ts"
import { PER_PAGE_DEFAULT } from "../../../schemas/constants.ts"
import type { ListPage } from "../../../machines/crm-list.machine.ts"
import type { CrmListResource, CrmRecord, CrmResource } from "./resource.ts"

/** Calls of a declared resource; failures are thrown as ClientError (SPEC.md section 8). */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    throw asClientError(err)
  }
}

const decode = <R extends CrmRecord>(resource: CrmListResource<R>, value: unknown): R =>
  Schema.decodeUnknownSync(resource.record as never)(value) as R

export function listRecords<R extends CrmRecord>(resource: CrmListResource<R>, { page, q }: { page: number; q: string }): Promise<ListPage> {
  return call(async () => {
    const res = await api<{ data: unknown[]; meta: { total_pages: number; total_count?: number } }>(`${resource.apiPath}/`, {
      query: { page, per: PER_PAGE_DEFAULT, ...(q ? { q } : {}) },
    })
    return {
      items: res.data.map((r) => decode(resource, r)),
      totalPages: res.meta.total_pages,
      totalCount: res.meta.total_count ?? res.data.length,
    }
  })
}

export function readRecord<R extends CrmRecord>(resource: CrmResource<R>, id: string): Promise<R> {
  return call(async () => decode(resource, (await api<{ data: unknown }>(`${resource.apiPath}/${encodeURIComponent(id)}/`)).data))
}

export function saveRecord<R extends CrmRecord>(resource: CrmResource<R>, id: string | null, payload: unknown): Promise<R> {
  return call(async () => {
    const path = id === null ? `${resource.apiPath}/` : `${resource.apiPath}/${encodeURIComponent(id)}/`
    const res = await api<{ data: unknown }>(path, { method: id === null ? "POST" : "PUT", body: { [resource.wrapper]: payload } })
    return decode(resource, res.data)
  })
}

export function deleteRecord<R extends CrmRecord>(resource: CrmListResource<R>, id: string): Promise<void> {
  return call(async () => {
    await api(`${resource.apiPath}/${encodeURIComponent(id)}/`, { method: "DELETE" })
  })
}
