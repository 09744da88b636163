import type { Schema } from "effect"
import type { FormPreset } from "../../schemas/forms/types.ts"

/** A JSON Schema object as OpenAPI 3.1 takes it (draft 2020-12). */
export type JsonSchema = Record<string, unknown>

/**
 * What a request carries, described by the very object the route reads it with:
 * - `schema`: an Effect schema the route decodes with (`validate`/`validateWrapped`), optionally inside
 *   the Rails-style wrapper key (`{ user: {...} }`);
 * - `preset`: a form preset the route checks with `readPreset`/`validatePresetInput` (each field's
 *   shape is the Effect schema schemas/rules/shapes.ts decodes it with), optionally inside a wrapper;
 * - `multipart`: a multipart/form-data body (server/lib/form-data.ts) with its file and text fields;
 * - `json`: a JSON object the route checks by hand, described in words (no schema object to reuse).
 */
export type ApiBody =
  | { readonly schema: Schema.Top; readonly wrapper?: string; readonly extra?: Readonly<Record<string, JsonSchema>> }
  | { readonly preset: FormPreset; readonly wrapper?: string; readonly extra?: Readonly<Record<string, JsonSchema>> }
  | { readonly multipart: { readonly files: readonly string[]; readonly fields?: readonly string[] } }
  | { readonly json: string }

/** Who may call: anyone, a signed-in site user, a CRM administrator (staff), or either token. */
export type ApiAuth = "public" | "user" | "admin" | "any"

export interface ApiParameter {
  readonly name: string
  readonly description: string
  readonly schema?: JsonSchema
}

export interface ApiAnswer {
  readonly status: number
  readonly description: string
  /** The answer's JSON schema: an Effect schema the route encodes with, or a JSON Schema. */
  readonly schema?: Schema.Top | JsonSchema
  /** A non-JSON answer (a CSV, a file, an HTML page). */
  readonly contentType?: string
}

/** One endpoint: a mounted route (method and Hono path, `:id` for parameters) described. */
export interface ApiOperation {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  readonly path: string
  /** In Russian, like every visible text. */
  readonly summary: string
  readonly tag: string
  readonly auth: ApiAuth
  readonly body?: ApiBody
  readonly query?: readonly ApiParameter[]
  /** The successful answer; 200 with a JSON body when absent. */
  readonly ok?: ApiAnswer
  /** Other answers the route gives beside the common ones (e.g. 405 of a read-only resource). */
  readonly other?: readonly ApiAnswer[]
  /** Rate-limited per client address (429). */
  readonly limited?: boolean
}
