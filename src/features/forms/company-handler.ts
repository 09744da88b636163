import type { FieldHandler } from "./handlers.ts"

interface PartySuggestion {
  readonly value?: string
  readonly data?: {
    readonly inn?: string
    readonly kpp?: string
    readonly ogrn?: string
    readonly address?: { readonly value?: string }
    readonly management?: { readonly name?: string; readonly post?: string }
  }
}

/** Fields a chosen company fills, by the conventional field names of the order presets. */
const TARGETS: ReadonlyArray<readonly [string, (s: PartySuggestion) => string | undefined]> = [
  ["inn", (s) => s.data?.inn],
  ["kpp", (s) => s.data?.kpp],
  ["ogrn", (s) => s.data?.ogrn],
  ["ogrnip", (s) => s.data?.ogrn],
  ["address", (s) => s.data?.address?.value],
  ["legal_address", (s) => s.data?.address?.value],
]

/**
 * `fillCompany`: a company chosen in a dadata field fills the form's INN, KPP, OGRN (OGRNIP) and
 * address fields that exist in the preset; the user can still correct them.
 */
export const fillCompany: FieldHandler = ({ payload, values, set }) => {
  const suggestion = (payload ?? {}) as PartySuggestion
  for (const [name, pick] of TARGETS) {
    const value = pick(suggestion)
    if (name in values && value) set(name, value)
  }
}
