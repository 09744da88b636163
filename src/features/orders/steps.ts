import type { OrderStep } from "../../../machines/order-wizard.machine.ts"
import { presets } from "../../../schemas/forms/index.ts"
import { applicantKind, identification, tariff } from "../../../schemas/forms/parts/order.ts"
import { tariff_extra_options } from "../../../schemas/forms/tariff_extra_options.ts"
import { tariff_period_frm } from "../../../schemas/forms/tariff_period_frm.ts"
import type { FormField, FormPreset } from "../../../schemas/forms/types.ts"
import { orderMessages } from "../../../schemas/messages/order.ts"

/**
 * The wizard's steps are cut out of the order presets themselves (docs/orders.md): every field
 * belongs to the step of the section heading above it. The tariff step is tariff_period_frm and
 * tariff_extra_options with the preset's tariff, the applicant kind and the identification choice,
 * which together choose the preset (`presetIdOf`, schemas/entities/order.ts).
 */
const SECTION_STEPS: Readonly<Record<string, OrderStep>> = {
  section_tariff: "tariff",
  section_applicant: "applicant",
  section_holder: "applicant",
  section_contacts: "applicant",
  // The code word of a certificate order, beside the holder's data.
  section_code_word: "applicant",
  section_persons: "persons",
  section_documents: "documents",
  section_identification: "identification",
}

/** The step a section heading's fields belong to (the review's 'Изменить' opens it). */
export const stepOfSection = (heading: string): OrderStep | undefined => SECTION_STEPS[heading]

/** Fields the wizard draws itself (its own buttons) or asks for on the tariff step. */
const NOT_IN_STEPS = new Set(["save_draft", "submit", "tariff_id", "options", "identification"])

const w = orderMessages.wizard

const back: FormField = { name: "wizard_back", type: "button", label: w.back, attributes: { variant: "secondary" }, handlers: { click: "wizardBack" } }
const save: FormField = { name: "wizard_save", type: "button", label: w.saveDraft, attributes: { variant: "secondary" }, handlers: { click: "wizardSave" } }
const next: FormField = { name: "wizard_next", type: "submit", label: w.next, attributes: { variant: "primary" } }

const ownFields = (preset: FormPreset) => preset.fields.filter((f) => f.type !== "submit")

/** The tariff step: tariff, period (tariff_period_frm), extras (tariff_extra_options), applicant kind, identification. */
export const tariffStep: FormPreset = {
  id: "order_wizard_tariff",
  fields: [
    { ...tariff, validations: [] },
    ...ownFields(tariff_period_frm).map((f) => ({ ...f, validations: [{ name: "depends", args: ["tariff_id"] } as const] })),
    ...ownFields(tariff_extra_options),
    applicantKind,
    { ...identification, handlers: {} },
    save,
    next,
  ],
}

/** The fields of `step` in preset `presetId`, with the wizard's buttons. */
export function stepPreset(presetId: string, step: Exclude<OrderStep, "tariff" | "review">): FormPreset {
  const preset = presets[presetId]
  if (!preset) throw new Error(`no preset ${presetId}`)
  let current: OrderStep = "tariff"
  const fields: FormField[] = []
  for (const f of preset.fields) {
    const s = SECTION_STEPS[f.name]
    if (s) current = s
    if (current === step && !NOT_IN_STEPS.has(f.name)) fields.push(f)
  }
  return { id: `${presetId}__${step}`, fields: [...fields, back, save, next] }
}
