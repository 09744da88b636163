import { order_check } from "../../../schemas/forms/order_check.ts"
import type { FormPreset } from "../../../schemas/forms/types.ts"
import { CHECK_FIELDS } from "./draft-cookie.ts"
import { tariffStep } from "./steps.ts"

// The order wizard's variants of its step presets: fields that tell the page of each change.

/** The review's ticks tell the page about every change, so an anonymous visitor's are kept. */
export const CHECK_REMEMBERED: FormPreset = {
  ...order_check,
  fields: order_check.fields.map((f) => ((CHECK_FIELDS as readonly string[]).includes(f.name) ? { ...f, handlers: { ...f.handlers, change: "rememberChecks" } } : f)),
}

/** The tariff step's choices tell the page about every change, so the price is live. */
function withLivePrice(preset: FormPreset): FormPreset {
  const live = new Set(["tariff_id", "period", "options", "applicant_kind"])
  return { ...preset, fields: preset.fields.map((f) => (live.has(f.name) ? { ...f, handlers: { ...f.handlers, change: "recalculate" } } : f)) }
}
const TARIFF_STEP = withLivePrice(tariffStep)

/** The tariff step without a tariff: no period to offer (an order of options only, or none chosen yet). */
const TARIFF_STEP_NO_PERIOD: FormPreset = { ...TARIFF_STEP, fields: TARIFF_STEP.fields.filter((f) => f.name !== "period") }

/**
 * The tariff step with the applicant kinds `kinds` (comma-separated; null: all); the period only
 * with a tariff, whose periods it offers.
 */
export function tariffStepFor(kinds: string | null, tariff = true): FormPreset {
  const base = tariff ? TARIFF_STEP : TARIFF_STEP_NO_PERIOD
  if (kinds === null) return base
  const allowed = new Set(kinds.split(","))
  return {
    ...base,
    fields: base.fields.map((f) => (f.name === "applicant_kind" ? { ...f, attributes: { ...f.attributes, options: (f.attributes?.options ?? []).filter((o) => allowed.has(o.value)) } } : f)),
  }
}
