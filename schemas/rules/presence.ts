import { Schema } from "effect"
import type { FieldValue } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { type RuleSchema, isEmptyValue, isFilled } from "./values.ts"

const v = messages.validation

/** Any field value; the presence rules judge the value itself, whatever its type. */
const AnyValue = Schema.Unknown

/** A challenge the browser is still solving (`{ id, answer: "" }`): nothing to type, only to wait for. */
const isPendingChallenge = (x: unknown): boolean => typeof x === "object" && x !== null && "answer" in x && "id" in x

export const required: RuleSchema = AnyValue.check(
  Schema.makeFilter((x: unknown) => (isFilled(x as FieldValue) ? undefined : isPendingChallenge(x) ? v.challengePending : v.required)),
)

export const checkboxRequired: RuleSchema = AnyValue.check(Schema.makeFilter((x: unknown) => (x === true ? undefined : v.required)))

/** Whether `other` holds `expected`: equal as text, or, for a list, among its items. */
export function holds(other: FieldValue | undefined, expected: string | number): boolean {
  if (Array.isArray(other)) return other.some((item: unknown) => String(item) === String(expected))
  return (typeof other === "string" || typeof other === "number" || typeof other === "boolean") && String(other) === String(expected)
}

/**
 * This field is required while the other field is filled, or, when `expected` is given, while the
 * other field holds that value (a checkbox holds "true", a group holds each of its items).
 */
export const depends = (other: FieldValue | undefined, expected?: string | number): RuleSchema => {
  const active = expected === undefined ? isFilled(other) : holds(other, expected)
  return AnyValue.check(Schema.makeFilter((x: unknown) => (active && !isFilled(x as FieldValue) ? v.required : undefined)))
}

// Exact, untrimmed: a confirmation must repeat the password character for character.
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b ?? null)

/**
 * Equal to the other field's value. The rule knows only the other field's name, so a name that
 * speaks of a password (password, new_password, pswd) gets 'Пароли не совпадают', any other the
 * generic message.
 */
export const sameAs = (otherName: string, other: FieldValue | undefined): RuleSchema => {
  const message = /pass|pswd/i.test(otherName) ? messages.accounts.passwordMismatch : v.generic
  return AnyValue.check(Schema.makeFilter((x: unknown) => (isEmptyValue(x) || same(x, other) ? undefined : message)))
}
