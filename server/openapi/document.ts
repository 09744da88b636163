import { SESSION_COOKIE } from "../../schemas/constants.ts"
import { Schema } from "effect"
import type { FormPreset } from "../../schemas/forms/types.ts"
import { hasRule, holdsValue } from "../../schemas/forms/values.ts"
import { shapeOf } from "../../schemas/rules/shapes.ts"
import { openapiMessages as t } from "../../schemas/messages/openapi.ts"
import type { ApiAnswer, ApiBody, ApiOperation, JsonSchema } from "./types.ts"

/**
 * The OpenAPI 3.1 document of the operations (server/openapi/registry.ts): every JSON body and answer
 * is Effect's JSON Schema output (Schema.toJsonSchemaDocument, draft 2020-12, which OpenAPI 3.1 takes
 * as is) of the schema object the route decodes with; named definitions go to components.schemas.
 */

const REF = "#/components/schemas/"

const Message = { type: "object", properties: { message: { type: "string" } }, required: ["message"] }
const FieldErrors = {
  type: "object",
  properties: { errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } },
  required: ["errors"],
}

const isEffectSchema = (s: unknown): s is Schema.Top => typeof s === "object" && s !== null && Schema.isSchema(s)

/** The JSON Schema of `schema` with its definitions moved to `components` and their references rewritten. */
function jsonSchemaOf(schema: Schema.Top, components: Record<string, JsonSchema>): JsonSchema {
  const doc = Schema.toJsonSchemaDocument(schema as never)
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (typeof value !== "object" || value === null) return value
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === "$ref" && typeof v === "string" ? v.replace(/^#\/\$defs\//, REF) : rewrite(v)]),
    )
  }
  for (const [name, def] of Object.entries(doc.definitions)) components[name] ??= rewrite(def) as JsonSchema
  return rewrite(doc.schema) as JsonSchema
}

/** A preset's body: each value-holding field with the shape the server reads it with, required when its rules say so. */
function presetSchema(preset: FormPreset, components: Record<string, JsonSchema>): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const field of preset.fields) {
    if (!holdsValue(field)) continue
    properties[field.name] = { ...jsonSchemaOf(shapeOf(field), components), ...(field.label ? { title: field.label } : {}) }
    if (hasRule(field, "required")) required.push(field.name)
  }
  return { type: "object", title: preset.id, properties, ...(required.length ? { required } : {}) }
}

function requestBody(body: ApiBody, components: Record<string, JsonSchema>): JsonSchema {
  if ("multipart" in body) {
    const properties: Record<string, JsonSchema> = {}
    for (const f of body.multipart.files) properties[f] = { type: "string", contentMediaType: "application/octet-stream", description: t.file }
    for (const f of body.multipart.fields ?? []) properties[f] = { type: "string" }
    return { required: true, content: { "multipart/form-data": { schema: { type: "object", properties, required: body.multipart.files.slice(0, 1) } } } }
  }
  if ("json" in body) return { required: true, description: body.json, content: { "application/json": { schema: { type: "object" } } } }
  let schema = "preset" in body ? presetSchema(body.preset, components) : jsonSchemaOf(body.schema, components)
  if (body.wrapper) schema = { type: "object", properties: { [body.wrapper]: schema }, required: [body.wrapper] }
  if (body.extra) schema = { allOf: [schema, { type: "object", properties: body.extra }] }
  return { required: true, content: { "application/json": { schema } } }
}

function answer(a: ApiAnswer, components: Record<string, JsonSchema>): JsonSchema {
  if (a.status === 204) return { description: a.description }
  const schema = a.schema === undefined ? { type: "object" } : isEffectSchema(a.schema) ? jsonSchemaOf(a.schema, components) : a.schema
  return { description: a.description, content: { [a.contentType ?? "application/json"]: { schema: a.contentType && !a.schema ? { type: "string" } : schema } } }
}

const ref = (name: string) => ({ $ref: `${REF}${name}` })
const failure = (description: string, schema: string) => ({ description, content: { "application/json": { schema: ref(schema) } } })

/** Hono's `/leads/:id` as OpenAPI's `/leads/{id}`. */
export const openapiPath = (path: string) => path.replace(/:([A-Za-z_]+)\??/g, "{$1}")

function operation(op: ApiOperation, components: Record<string, JsonSchema>): JsonSchema {
  const params = [...op.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }))
  const query = (op.query ?? []).map((q) => ({ name: q.name, in: "query", required: false, description: q.description, schema: q.schema ?? { type: "string" } }))
  const ok = op.ok ?? { status: 200, description: t.ok }
  const responses: Record<string, JsonSchema> = { [String(ok.status)]: answer(ok, components) }
  if (op.body) {
    responses["400"] = failure(t.badBody, "Message")
    responses["422"] = failure(t.invalid, "FieldErrors")
  }
  if (op.auth !== "public") {
    responses["401"] = failure(t.unauthorized, "Message")
    responses["403"] = failure(t.forbidden, "Message")
  }
  if (params.length > 0) responses["404"] = failure(t.notFound, "Message")
  if (op.limited) responses["429"] = failure(t.tooMany, "Message")
  for (const a of op.other ?? []) responses[String(a.status)] = answer(a, components)
  // Each bearer token, or the browser's session cookie (docs/auth.md, "Sessions").
  const cookie = { sessionCookie: [] }
  const security =
    op.auth === "public" ? [] : op.auth === "user" ? [{ userToken: [] }, cookie] : op.auth === "admin" ? [{ adminToken: [] }, cookie] : [{ userToken: [] }, { adminToken: [] }, cookie]
  return {
    summary: op.summary,
    tags: [op.tag],
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? "").toUpperCase())}`,
    security,
    ...(params.length + query.length > 0 ? { parameters: [...params, ...query] } : {}),
    ...(op.body ? { requestBody: requestBody(op.body, components) } : {}),
    responses,
  }
}

/** The whole document. Two operations of one method and path are a mistake of the registry (thrown). */
export function buildDocument(operations: readonly ApiOperation[], version: string): JsonSchema {
  const components: Record<string, JsonSchema> = { Message, FieldErrors }
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const op of operations) {
    const item = (paths[openapiPath(op.path)] ??= {})
    const method = op.method.toLowerCase()
    if (item[method]) throw new Error(`OpenAPI: ${op.method} ${op.path} described twice`)
    item[method] = operation(op, components)
  }
  return {
    openapi: "3.1.0",
    info: { title: t.title, version, description: t.description },
    servers: [{ url: "/" }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        userToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: t.userToken },
        adminToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: t.adminToken },
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: t.sessionCookie },
      },
    },
  }
}
