import { identityCheckMessages } from "../../../schemas/messages/identity-check.ts"
import type { IdentityItem, Precheck } from "../../../schemas/identity-check.ts"
import { validateValue } from "../../../schemas/rules/index.ts"
import { searchText, type SuggestService, SuggestUnavailable } from "../suggest.ts"

const c = identityCheckMessages.check
const whose = identityCheckMessages.innOf

type Values = Readonly<Record<string, unknown>>

const text = (values: Values, name: string): string => (typeof values[name] === "string" ? (values[name] as string).trim() : "")
const bare = (s: string) => s.replace(/\D/g, "")

/** A rule of schemas/rules over one value: held, or its Russian message; a blank value is missing. */
function ruled(label: string, value: string, rule: Parameters<typeof validateValue>[0], form: Values = {}): Precheck {
  if (!value) return { label, ok: false, text: c.missing }
  const message = validateValue(rule, value, form as never)
  return message === null ? { label, ok: true, text: c.ok } : { label, ok: false, text: message }
}

/** The INNs of the order: the organisation's or the entrepreneur's, the holder's own. */
function innsOf(kind: string, values: Values): Array<readonly [string, string]> {
  if (kind === "individual_person") return [[whose.person, text(values, "inn")]]
  const own: Array<readonly [string, string]> = [[kind === "entrepreneur" ? whose.entrepreneur : whose.company, text(values, "inn")]]
  if (kind === "legal_entity" || text(values, "holder_inn")) own.push([kind === "legal_entity" ? whose.person : whose.holder, text(values, "holder_inn")])
  return own
}

/** Whether the company suggestions know the INN, and under the name of the order. */
async function lookup(suggest: SuggestService, inn: string, name: string): Promise<Precheck> {
  if (!inn) return { label: c.lookup, ok: false, text: c.missing }
  try {
    const answer = await suggest.suggest("party", inn, 5)
    const found = answer.suggestions.find((s) => String((s.data as { inn?: unknown }).inn ?? "") === inn)
    if (!found) return { label: c.lookup, ok: false, text: c.notFound }
    const names = (found.data as { name?: { full_with_opf?: string; short_with_opf?: string } }).name ?? {}
    const same = [found.value, names.full_with_opf, names.short_with_opf].some((n) => !!n && searchText(n) === searchText(name))
    return same ? { label: c.lookup, ok: true, text: c.found(found.value) } : { label: c.lookup, ok: false, text: c.nameDiffers(found.value) }
  } catch (err) {
    if (err instanceof SuggestUnavailable) return { label: c.lookup, ok: null, text: c.lookupUnavailable }
    throw err
  }
}

/**
 * What the server can tell of an order's documents before the operator confirms them: the control
 * digits (schemas/rules/check-digits.ts through the rules), the `passportAge` rule, the company lookup.
 */
export async function prechecksOf(kind: string, values: Values, suggest: SuggestService): Promise<Record<IdentityItem, Precheck[]>> {
  const birth = text(values, "birth_date")
  const passportDate = text(values, "passport_date")
  const passportAge: Precheck = !passportDate || !birth
    ? { label: c.passportAge, ok: false, text: c.missing }
    : (() => {
        const message = validateValue({ name: "passportAge", args: ["birth_date"] }, passportDate, { birth_date: birth })
        return { label: c.passportAge, ok: message === null, text: message ?? c.passportAgeOk }
      })()
  const registry: Precheck[] = []
  if (kind === "legal_entity") registry.push(ruled(c.ogrn, bare(text(values, "ogrn")), { name: "ogrn", args: [13] }))
  if (kind === "entrepreneur") registry.push(ruled(c.ogrnip, bare(text(values, "ogrnip")), { name: "ogrn", args: [15] }))
  if (kind !== "individual_person") registry.push(await lookup(suggest, bare(text(values, "inn")), text(values, "company")))
  return {
    passport: [ruled(c.passportNumber, text(values, "passport"), "passport"), passportAge],
    snils: [ruled(c.snils, text(values, "snils"), "snils")],
    inn: innsOf(kind, values).map(([label, inn]) => ruled(c.inn(label), bare(inn), "inn")),
    registry,
  }
}
