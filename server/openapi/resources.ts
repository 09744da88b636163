import { Schema } from "effect"
import { openapiMessages as t } from "../../schemas/messages/openapi.ts"
import { crmResources, type ResourceDeclaration } from "../../schemas/resources/index.ts"
import { holdsValue } from "../../schemas/forms/values.ts"
import type { ApiOperation, ApiParameter } from "./types.ts"

/**
 * The operations server/lib/crud.ts mounts for every declared CRM resource (schemas/resources/index.ts),
 * generated from the declarations: a new resource is described without touching the registry. The
 * bodies are the declaration's own schemas (`edit.createInput`, `edit.input` in `edit.wrapper`), the
 * answers its `record` codec.
 */

const TAG = "CRM: разделы"

const paging: readonly ApiParameter[] = [
  { name: "page", description: t.page, schema: { type: "integer", minimum: 1 } },
  { name: "per", description: t.per, schema: { type: "integer", minimum: 1 } },
  { name: "q", description: t.query },
  { name: "sort", description: t.sort },
]

const one = (r: ResourceDeclaration) => Schema.Struct({ data: r.record })
const many = (r: ResourceDeclaration) =>
  Schema.Struct({ data: Schema.Array(r.record), meta: Schema.Struct({ total_pages: Schema.Number, total_count: Schema.Number }) })

export function resourceOperations(r: ResourceDeclaration): ApiOperation[] {
  const base = { tag: TAG, auth: "admin" } as const
  const filters = r.filter.fields.filter(holdsValue).map((f) => ({ name: f.name, description: f.label ?? t.filter }))
  const ops: ApiOperation[] = [
    { ...base, method: "GET", path: r.apiPath, summary: t.list(r.title), query: [...paging, ...filters], ok: { status: 200, description: t.ok, schema: many(r) } },
    { ...base, method: "GET", path: `${r.apiPath}/export.csv`, summary: t.exportCsv(r.title), query: [...paging.slice(2), ...filters], ok: { status: 200, description: t.csv, contentType: "text/csv" } },
    { ...base, method: "GET", path: `${r.apiPath}/:id`, summary: t.read(r.title), ok: { status: 200, description: t.ok, schema: one(r) } },
  ]
  if (r.counts) {
    const counts = Schema.Struct({ counts: Schema.Record(Schema.String, Schema.Number) })
    ops.push({ ...base, method: "GET", path: `${r.apiPath}/counts`, summary: t.counts(r.title), query: [paging[2]!, ...filters], ok: { status: 200, description: t.ok, schema: counts } })
  }
  if (r.filterSources) {
    const choices = Schema.Record(Schema.String, Schema.Array(Schema.Struct({ value: Schema.String, label: Schema.String })))
    ops.push({ ...base, method: "GET", path: `${r.apiPath}/filter_options`, summary: t.filterOptions(r.title), ok: { status: 200, description: t.ok, schema: choices } })
  }
  if (r.preview) {
    const { title, body } = r.preview
    const shown = Schema.Struct({ data: Schema.Record(Schema.String, Schema.String) })
    ops.push({ ...base, method: "POST", path: `${r.apiPath}/preview`, summary: t.preview(r.title), body: { json: `{ "${title}": "…", "${body}": "<p>…</p>" }` }, ok: { status: 200, description: t.ok, schema: shown } })
  }
  if (r.transitions) {
    const { path, field, title } = r.transitions
    ops.push({
      ...base,
      method: "POST",
      path: `${r.apiPath}/:id/${path}`,
      summary: t.transition(r.title, title),
      body: { json: `{ "${field}": "…", "note": "…" }` },
      ok: { status: 200, description: t.ok, schema: one(r) },
    })
    if (r.transitions.narrowedByServer) {
      const allowedNow = Schema.Struct({ data: Schema.Array(Schema.String) })
      ops.push({ ...base, method: "GET", path: `${r.apiPath}/:id/${path}`, summary: t.transitionChoices(r.title, title), ok: { status: 200, description: t.ok, schema: allowedNow } })
    }
  }
  const edit = r.edit
  if (!edit) {
    const refused = { other: [{ status: 405, description: t.notAllowed, schema: { $ref: "#/components/schemas/Message" } }] }
    ops.push(
      { ...base, ...refused, method: "POST", path: r.apiPath, summary: t.create(r.title) },
      { ...base, ...refused, method: "PUT", path: `${r.apiPath}/:id`, summary: t.replace(r.title) },
      { ...base, ...refused, method: "PATCH", path: `${r.apiPath}/:id`, summary: t.patch(r.title) },
      { ...base, ...refused, method: "DELETE", path: `${r.apiPath}/:id`, summary: t.remove(r.title) },
      { ...base, ...refused, method: "DELETE", path: r.apiPath, summary: t.removeMany(r.title) },
    )
    return ops
  }
  const deleted = Schema.Struct({ meta: Schema.Struct({ deleted_count: Schema.Number, undo_token: Schema.String, undo_expires_at: Schema.String }) })
  ops.push(
    { ...base, method: "POST", path: r.apiPath, summary: t.create(r.title), body: { schema: edit.createInput, wrapper: edit.wrapper }, ok: { status: 201, description: t.created, schema: one(r) } },
    { ...base, method: "PUT", path: `${r.apiPath}/:id`, summary: t.replace(r.title), body: { schema: edit.input, wrapper: edit.wrapper }, ok: { status: 200, description: t.ok, schema: one(r) } },
    { ...base, method: "PATCH", path: `${r.apiPath}/:id`, summary: t.patch(r.title), body: { schema: edit.input, wrapper: edit.wrapper }, ok: { status: 200, description: t.ok, schema: one(r) } },
    { ...base, method: "DELETE", path: `${r.apiPath}/:id`, summary: t.remove(r.title), ok: { status: 204, description: t.noContent } },
    { ...base, method: "DELETE", path: r.apiPath, summary: t.removeMany(r.title), query: [{ name: "ids", description: t.ids }], ok: { status: 200, description: t.ok, schema: deleted } },
    {
      ...base,
      method: "POST",
      path: `${r.apiPath}/restore`,
      summary: t.restore(r.title),
      body: { json: '{ "token": "…" } — токен из ответа на удаление' },
      ok: { status: 200, description: t.ok, schema: Schema.Struct({ meta: Schema.Struct({ restored_count: Schema.Number }) }) },
    },
  )
  return ops
}

export const crmResourceOperations = (): ApiOperation[] => crmResources.flatMap(resourceOperations)
