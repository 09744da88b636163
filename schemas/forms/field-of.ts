import type { FormField, FormPreset } from "./types.ts"

/**
 * The labelled field `name` of `preset`, for pages that lay a preset's fields out by hand (the
 * confirmation and password pages). Throws on a name the preset lacks, so a renamed field fails the
 * first render and the tests instead of showing an empty label.
 */
export function fieldOf(preset: FormPreset, name: string): FormField & { readonly label: string } {
  const field = preset.fields.find((f) => f.name === name)
  if (!field || field.label === undefined) throw new Error(`Preset ${preset.id} has no labelled field ${name}`)
  return { ...field, label: field.label }
}
