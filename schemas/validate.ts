import { Result, Schema, SchemaIssue } from "effect"
import { messages } from "./messages/common.ts"

/** Field errors in the API's 422 shape: `{ field: [message, ...] }`. */
export type FieldErrors = Record<string, string[]>

const formatter = SchemaIssue.makeFormatterStandardSchemaV1({
  leafHook: (issue) => {
    if (issue._tag === "MissingKey") return issue.annotations?.messageMissingKey ?? messages.validation.required
    return SchemaIssue.defaultLeafHook(issue)
  },
  checkHook: (issue) => SchemaIssue.defaultCheckHook(issue) ?? messages.validation.generic,
})

export type Validated<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly errors: FieldErrors }

/** Decodes `input` with `schema`, collecting every field error in Russian. Used by browser and server alike. */
export function validate<S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown): Validated<S["Type"]> {
  const result = Schema.decodeUnknownResult(schema as never)(input, { errors: "all" }) as Result.Result<S["Type"], Schema.SchemaError>
  if (Result.isSuccess(result)) return { ok: true, value: result.success }
  const errors: FieldErrors = {}
  // Built-in English texts never reach a visitor: they become the generic Russian message.
  for (const { path, message } of formatter(result.failure.issue).issues) {
    const key = path && path.length > 0 ? path.map((p) => String(typeof p === "object" ? p.key : p)).join(".") : "base"
    const list = (errors[key] ??= [])
    const text = /[А-Яа-яЁё]/.test(message) ? message : messages.validation.generic
    if (!list.includes(text)) list.push(text)
  }
  return { ok: false, errors }
}

/**
 * Validates a Rails-style wrapped body (`{ menu_item: {...} }`): field errors are keyed by the inner
 * field names, and a missing or non-object wrapper is itself a field error.
 */
export function validateWrapped<S extends Schema.Top & { readonly DecodingServices: never }>(
  wrapper: string,
  schema: S,
  body: unknown,
): Validated<S["Type"]> {
  const inner = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[wrapper] : undefined
  if (typeof inner !== "object" || inner === null || Array.isArray(inner)) {
    return { ok: false, errors: { [wrapper]: [messages.validation.required] } }
  }
  return validate(schema, inner)
}
