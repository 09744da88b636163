import type { FormPreset } from "../../../schemas/forms/types.ts"

export interface CountChip {
  /** The choice's value; "" for all of them. */
  readonly value: string
  readonly label: string
  readonly count: number
  readonly current: boolean
}

/**
 * The chips of a counted filter: first all (the sum), then each choice of the field in the form's
 * order that has rows or is chosen now; `chosen` may name several (`paid,checking_documents`).
 */
export function countChips(filter: FormPreset, name: string, counts: Readonly<Record<string, number>>, chosen: string): CountChip[] {
  const field = filter.fields.find((f) => f.name === name)
  const options = field?.attributes?.options ?? []
  const picked = chosen.split(",").filter((s) => s !== "")
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  return [
    { value: "", label: "", count: total, current: picked.length === 0 },
    ...options
      .map((o) => ({ value: String(o.value), label: o.label, count: counts[String(o.value)] ?? 0, current: picked.length === 1 && picked[0] === String(o.value) }))
      .filter((c) => c.count > 0 || picked.includes(c.value)),
  ]
}
