import type { Deps } from "../../lib/env.ts"

/** Who buys, as an invoice and an act name them: the organisation, the entrepreneur or the person of the order. */
export interface Buyer {
  readonly name: string
  readonly inn?: string | null
  readonly kpp?: string | null
  readonly address?: string | null
}

const str = (v: unknown) => (typeof v === "string" ? v.trim() : "")

/**
 * The buyer from the order's own values (schemas/forms/parts/company.ts, person.ts): a legal entity's
 * name, ИНН, КПП and legal address; an entrepreneur's name (prefixed «ИП» when the suggestion lacked
 * it), ИНН and registration address; a person's full name and registration address (a person's own
 * ИНН is personal data an invoice does not need). Values missing from an older order are taken from
 * the director's legal person, else the order's title.
 */
export function buyerFromValues(kind: string, values: Readonly<Record<string, unknown>>): Buyer | null {
  if (kind === "legal_entity") {
    const name = str(values.company)
    return name ? { name, inn: str(values.inn) || null, kpp: str(values.kpp) || null, address: str(values.legal_address) || null } : null
  }
  if (kind === "entrepreneur") {
    const own = str(values.company) || [values.last_name, values.first_name, values.middle_name].map(str).filter(Boolean).join(" ")
    if (!own) return null
    return { name: /^ИП\s/i.test(own) || /индивидуальный предприниматель/i.test(own) ? own : `ИП ${own}`, inn: str(values.inn) || null, address: str(values.registration_address) || null }
  }
  const person = [values.last_name, values.first_name, values.middle_name].map(str).filter(Boolean).join(" ")
  return person ? { name: person, address: str(values.registration_address) || null } : null
}

export async function buyerOf(deps: Pick<Deps, "db">, order: { readonly id: number; readonly title: string; readonly legal_person_id: number | null }): Promise<Buyer> {
  const k = deps.db.kysely
  const row = await k.selectFrom("orders").select(["applicant_kind", "data"]).where("id", "=", order.id).executeTakeFirst()
  if (row) {
    let values: Record<string, unknown>
    try {
      values = (JSON.parse(row.data) as { values?: Record<string, unknown> }).values ?? {}
    } catch {
      values = {}
    }
    const found = buyerFromValues(row.applicant_kind, values)
    if (found) return found
  }
  if (order.legal_person_id !== null) {
    const lp = await k.selectFrom("legal_persons").select(["name", "inn", "kpp"]).where("id", "=", order.legal_person_id).executeTakeFirst()
    if (lp) return lp
  }
  return { name: order.title || "—" }
}
