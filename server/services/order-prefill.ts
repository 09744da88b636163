import { APPLICANT_KINDS } from "../../schemas/entities/order.ts"
import { presets } from "../../schemas/forms/index.ts"
import type { FormValues } from "../../schemas/forms/types.ts"
import type { Db } from "../db/index.ts"

/**
 * A returning customer's next order starts from what they gave before (docs/orders.md "Prefill"):
 * per applicant kind, the applicant's, holder's, persons' and contacts' values of their newest
 * submitted order of that kind, over the account's own e-mail, phone and (for a person) name.
 * Never the scans, the code word, the identification or the confirmations: those belong to one order.
 */
const KEPT_SECTIONS = new Set(["section_applicant", "section_holder", "section_persons", "section_contacts"])

/** The names of a preset's fields the next order may reuse. */
function reusableFields(presetId: string): ReadonlySet<string> {
  const names = new Set<string>()
  let section = ""
  for (const field of presets[presetId]?.fields ?? []) {
    if (field.type === "text" && field.name.startsWith("section_")) section = field.name
    else if (KEPT_SECTIONS.has(section) && field.type !== "upload" && field.type !== "button" && field.type !== "submit") names.add(field.name)
  }
  return names
}

/** "Иванов Иван Иванович" as the person's three name fields. */
function namesOf(fullname: string): FormValues {
  const [last_name = "", first_name = "", ...rest] = fullname.trim().split(/\s+/)
  return { last_name, first_name, middle_name: rest.join(" ") }
}

export async function orderPrefill(db: Db, userId: number): Promise<Record<string, FormValues>> {
  const user = await db.kysely.selectFrom("users").select(["email", "fullname", "mobile_phone"]).where("id", "=", userId).executeTakeFirst()
  if (!user) return {}
  const rows = await db.kysely
    .selectFrom("orders")
    .select(["applicant_kind", "preset", "data"])
    .where("user_id", "=", userId)
    .where("status", "not in", ["draft", "cancelled"])
    .orderBy("id", "desc")
    .limit(50)
    .execute()
  const out: Record<string, FormValues> = {}
  for (const kind of APPLICANT_KINDS) {
    const account: FormValues = { email: user.email, phone: user.mobile_phone, ...(kind === "individual_person" ? namesOf(user.fullname) : {}) }
    const row = rows.find((r) => r.applicant_kind === kind)
    const earlier = row ? ((JSON.parse(row.data) as { values?: FormValues }).values ?? {}) : {}
    const keep = row ? reusableFields(row.preset) : new Set<string>()
    const reused = Object.fromEntries(Object.entries(earlier).filter(([k, v]) => keep.has(k) && v !== null && v !== ""))
    out[kind] = { ...account, ...reused }
  }
  return out
}
