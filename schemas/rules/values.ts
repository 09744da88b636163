import { Schema } from "effect"
import type { FieldValue } from "../forms/types.ts"

/** What every rule is: a schema decoded without services, so `validate` (schemas/validate.ts) can run it. */
export type RuleSchema = Schema.Top & { readonly DecodingServices: never }

/**
 * Empty for every rule but the presence ones: null, a blank string, an empty list. Such a value
 * passes them, so an optional field may stay empty and a required one reports only 'required'.
 */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true
  if (typeof v === "string") return v.trim() === ""
  return Array.isArray(v) && v.length === 0
}

const isDeletedFile = (v: unknown): boolean =>
  typeof v === "object" && v !== null && (v as { isDeleted?: unknown }).isDeleted === true

/**
 * What `required` accepts: not null, a blank string, false, an empty list, a list of removed files only,
 * or a captcha without an answer.
 */
export function isFilled(v: FieldValue | undefined): boolean {
  if (v === null || v === undefined || v === false) return false
  if (typeof v === "string") return v.trim() !== ""
  if (Array.isArray(v)) return v.some((item: unknown) => !isDeletedFile(item))
  if (typeof v === "object" && "answer" in v) return typeof v.answer === "string" && v.answer.trim() !== ""
  return true
}

/** A text value as a rule reads it; null while the field was never filled. */
export const Text = Schema.NullOr(Schema.String)

/**
 * A rule on text: a blank value passes; otherwise `check` gets the trimmed text and returns the
 * message, or undefined when the text holds.
 */
export const textRule = (check: (s: string) => string | undefined): RuleSchema =>
  Text.check(
    Schema.makeFilter((v: string | null) => {
      const s = (v ?? "").trim()
      return s === "" ? undefined : check(s)
    }),
  )
