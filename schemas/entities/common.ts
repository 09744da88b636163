import { Schema } from "effect"
import { messages } from "../messages/common.ts"

const v = messages.validation

/** A required text field: trimmed, non-empty, at most `max` characters. */
export const requiredText = (max: number) =>
  Schema.String.annotate({ message: v.generic }).check(
    Schema.makeFilter((s: string) => (s.trim().length > 0 ? undefined : v.required), undefined, true),
    Schema.makeFilter((s: string) => (s.trim().length <= max ? undefined : v.maxLength(max))),
  )

/** A whole number (position, identifiers): anything else is 'Укажите только цифры'. */
export const integer = Schema.Number.annotate({ message: v.numeric }).check(Schema.isInt({ message: v.numeric }))

export const positiveId = integer.check(Schema.makeFilter((n: number) => (n > 0 ? undefined : v.generic)))

export const flag = Schema.Boolean.annotate({ message: v.generic })

/** Identifier of a JSON:API resource, always a string on the wire. */
export const ResourceId = Schema.String

export const ResourceRef = Schema.Struct({ id: ResourceId, type: Schema.String })
export type ResourceRef = typeof ResourceRef.Type

/** A list answer's paging meta. */
export const ListMeta = Schema.Struct({ total_pages: Schema.Number, total_count: Schema.optionalKey(Schema.Number) })
