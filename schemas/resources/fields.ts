import { Schema } from "effect"
import { INTEGER_MAX } from "../constants.ts"
import type { FieldValue } from "../forms/types.ts"
import { messages } from "../messages.ts"
import { crmMessages } from "../crm-messages.ts"

const v = messages.validation

/**
 * What one attribute of a CRM resource is, on each side: its schema in the API's answer (`read`),
 * and how a stored column becomes that value. Pure data and functions: the server serializes with
 * it, the browser decodes with it.
 */
export interface AttributeCodec<T> {
  /** The attribute's schema in the API's answer. */
  readonly read: Schema.Codec<T>
  /** The answer's value of a stored column. */
  readonly fromColumn: (column: unknown) => T
  /** A number column: a filter's text value is compared as a number. */
  readonly numeric?: boolean
}

/**
 * An attribute the CRM form edits: besides the answer, how its value travels in the request body
 * (`wire`, checked by the API and by the form alike) and how it becomes the form engine's value
 * and a column. The form's rules (the preset's validations) run on `toForm` of the wire value.
 */
export interface FieldCodec<T = unknown> extends AttributeCodec<T> {
  readonly wire: Schema.Top & { readonly DecodingServices: never }
  /** The form's value of a wire value (undefined: the field's empty value). */
  readonly toForm: (wire: unknown) => FieldValue
  /** The wire value of a form value; undefined leaves the key out of the body. */
  readonly fromForm: (value: FieldValue) => unknown
  /** The column's value of a valid wire value (undefined: the key was left out). */
  readonly toColumn: (wire: unknown) => unknown
  /** False when no column holds it as it is (a password: the server stores its digest). */
  readonly stored: boolean
  /** The form's value of a new record. */
  readonly initial?: FieldValue
}

const text = (s: unknown) => (typeof s === "string" ? s : "")
const Text = Schema.String.annotate({ message: v.generic })

/** Text, trimmed when stored. */
export const textField = (): FieldCodec<string> => ({
  read: Schema.String,
  fromColumn: (c) => text(c),
  wire: Text,
  toForm: (w) => text(w).trim(),
  fromForm: (f) => text(f),
  toColumn: (w) => text(w).trim(),
  stored: true,
})

/** An e-mail address: text stored lowercased (the CRM's e-mail mask lowercases in the form too). */
export const emailField = (): FieldCodec<string> => ({ ...textField(), toColumn: (w) => text(w).trim().toLowerCase() })

/** Written only: never answered, never read back into the form; a blank one on edit keeps the stored one. */
export const passwordField = (): FieldCodec<never> => ({
  read: Schema.Never,
  fromColumn: () => undefined as never,
  wire: Schema.NullOr(Text),
  toForm: (w) => (typeof w === "string" ? w : ""),
  fromForm: (f) => (typeof f === "string" && f !== "" ? f : undefined),
  toColumn: (w) => w,
  stored: false,
})

/** A whole number of a 32-bit column: in the form, digits typed as text; anything else is 'Укажите только цифры'. */
const Whole = Schema.Number.annotate({ message: v.numeric }).check(Schema.isInt({ message: v.numeric }))
export const Integer = Whole.check(Schema.makeFilter((n: number) => (Math.abs(n) <= INTEGER_MAX ? undefined : v.numeric)))

export const integerField = (initial?: number): FieldCodec<number> => ({
  read: Schema.Number,
  fromColumn: (c) => Number(c),
  numeric: true,
  wire: Integer,
  toForm: (w) => (typeof w === "number" ? String(w) : ""),
  fromForm: (f) => {
    const s = text(f).trim()
    if (s === "") return undefined
    // Letters stay text, so the wire schema answers 'Укажите только цифры'.
    return /^-?\d+$/.test(s) ? Number(s) : s
  },
  toColumn: (w) => w,
  stored: true,
  ...(initial === undefined ? {} : { initial: String(initial) }),
})

/** A yes/no: a boolean in the body and the answer, 0/1 in the column (one migration for both dialects). */
export const flagField = (): FieldCodec<boolean> => ({
  read: Schema.Boolean,
  fromColumn: (c) => c === 1 || c === true,
  wire: Schema.Boolean.annotate({ message: v.generic }),
  toForm: (w) => w === true,
  fromForm: (f) => f === true,
  toColumn: (w) => (w === true ? 1 : 0),
  stored: true,
})

/** An id beyond any stored one is not refused for its size: it is an unknown record (the server's check says so). */
const PositiveId = Whole.check(Schema.makeFilter((n: number) => (n > 0 ? undefined : v.generic)))

/** Another record's id, or null for none: a select whose choices are that resource's records. */
export const referenceField = (): FieldCodec<number | null> => ({
  read: Schema.NullOr(Schema.Number),
  fromColumn: (c) => (c === null || c === undefined ? null : Number(c)),
  wire: Schema.NullOr(PositiveId),
  toForm: (w) => (typeof w === "number" ? String(w) : ""),
  fromForm: (f) => (typeof f === "string" && f !== "" ? (/^\d+$/.test(f) ? Number(f) : f) : null),
  toColumn: (w) => (typeof w === "number" ? w : null),
  stored: true,
})

/** A slug of an address: lowercase Latin, digits and hyphens (a city's region page, a rubric). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const slugFormat = (s: string): string | undefined => (SLUG_PATTERN.test(s) ? undefined : crmMessages.slugFormat)

/** Read-only attributes of the answers (visitors' requests). */
export const nullableText: AttributeCodec<string | null> = {
  read: Schema.NullOr(Schema.String),
  fromColumn: (c) => (typeof c === "string" ? c : null),
}
export const plainText: AttributeCodec<string> = { read: Schema.String, fromColumn: (c) => text(c) }
export const plainNumber: AttributeCodec<number> = { read: Schema.Number, fromColumn: (c) => Number(c), numeric: true }
