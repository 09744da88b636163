import type { Context } from "hono"
import { UTM_MAX_LENGTH } from "../../schemas/constants.ts"
import type { FormPreset, FormValues } from "../../schemas/forms/types.ts"
import { messages } from "../../schemas/messages/common.ts"
import { normalizePhone } from "../../schemas/rules/check-digits.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import { now } from "../db/index.ts"
import type { Deps } from "./env.ts"
import { readJson, unprocessable } from "./http.ts"
import { clientIp } from "./throttle.ts"

export interface PresetInput {
  /** The preset's values: shapes checked, text trimmed, unknown keys dropped, every rule passed. */
  readonly values: FormValues
  /** The whole body, for what travels beside the preset's fields (the utm object). */
  readonly body: Record<string, unknown>
}

/**
 * The one way a route validates a visitor's form: reads the JSON body and checks it with the same
 * preset (fields and rules) the browser's form uses, so both show the same Russian messages.
 * `extra` checks what travels beside the preset's fields; its errors join the preset's in one 422
 * `{ errors: { field: [message] } }`. Malformed JSON is a 400.
 */
export async function readPreset(c: Context, preset: FormPreset, extra?: (body: Record<string, unknown>) => FieldErrors): Promise<PresetInput> {
  const body = await readJson(c)
  const result = validatePresetInput(preset, body)
  const errors = { ...(result.ok ? {} : result.errors), ...extra?.(body) }
  if (!result.ok || Object.keys(errors).length > 0) throw unprocessable(errors)
  return { values: result.value, body }
}

/**
 * The preset as the API receives it: without the personal-data agreement, which the browser checks and
 * removes before sending (SPEC.md section 3, "Offer request"); an `agreement` key sent anyway is ignored.
 */
export const withoutAgreement = (preset: FormPreset): FormPreset => ({
  ...preset,
  fields: preset.fields.filter((f) => f.name !== "agreement"),
})

/** The tracked utm fields (SPEC.md section 9), named without the `utm_` prefix as the browser sends them. */
export const UTM_KEYS = ["source", "medium", "campaign"] as const
export type Utm = Readonly<Record<(typeof UTM_KEYS)[number], string | null>>

/** Errors of the optional `utm` object: each of the three values a string of at most 200 characters. */
export function utmErrors(body: Record<string, unknown>): FieldErrors {
  const raw = body.utm
  if (raw === undefined || raw === null) return {}
  if (typeof raw !== "object" || Array.isArray(raw)) return { utm: [messages.validation.generic] }
  const errors: FieldErrors = {}
  for (const key of UTM_KEYS) {
    const value = (raw as Record<string, unknown>)[key]
    if (value === undefined || value === null) continue
    if (typeof value !== "string") errors[`utm.${key}`] = [messages.validation.generic]
    else if (value.trim().length > UTM_MAX_LENGTH) errors[`utm.${key}`] = [messages.validation.maxLength(UTM_MAX_LENGTH)]
  }
  return errors
}

/** The utm values of a body that passed `utmErrors`; other keys of the object are dropped. */
export function utmOf(body: Record<string, unknown>): Utm {
  const raw = (typeof body.utm === "object" && body.utm !== null ? body.utm : {}) as Record<string, unknown>
  const read = (key: (typeof UTM_KEYS)[number]) => {
    const value = raw[key]
    return typeof value === "string" && value.trim() ? value.trim() : null
  }
  return { source: read("source"), medium: read("medium"), campaign: read("campaign") }
}

/** A stored request keeps at most this much of the browser's User-Agent. */
const USER_AGENT_MAX = 512

/**
 * What a visitor's request records beside its fields: its UTM values, the client's address and
 * browser, and when it came — the columns every table of visitors' requests has.
 */
export function requestOrigin(c: Context, config: Deps["config"], body: Record<string, unknown>) {
  const utm = utmOf(body)
  return {
    utm_source: utm.source,
    utm_medium: utm.medium,
    utm_campaign: utm.campaign,
    ip: clientIp(c, config),
    user_agent: c.req.header("user-agent")?.slice(0, USER_AGENT_MAX) ?? null,
    created_at: now(),
  }
}

const textOf = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null)

/**
 * The columns of offers_frm's values as every request made with it stores them (the question and
 * callback requests, the consultations): trimmed, the phone normalized (its rule passed already),
 * the e-mail lower-cased, blanks as null.
 */
export const offerContact = (values: FormValues) => ({
  name: textOf(values.name) ?? "",
  phone: normalizePhone(String(values.phone)) ?? String(values.phone),
  email: textOf(values.email)?.toLowerCase() ?? null,
  comment: textOf(values.comment),
})
