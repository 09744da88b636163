import { holderRoleLabels } from "../../holder-rule.ts"

/** A person of an order in the role the order gives them (the CRM's order page). */
export interface OrderPerson {
  readonly role: string
  readonly name: string
  readonly position: string
}

type Values = Readonly<Record<string, unknown>>

const text = (values: Values, name: string): string => (typeof values[name] === "string" ? (values[name] as string).trim() : "")
const fullName = (values: Values, prefix: string): string => [text(values, `${prefix}last_name`), text(values, `${prefix}first_name`), text(values, `${prefix}middle_name`)].filter(Boolean).join(" ")
const yes = (v: unknown) => v === true || v === "true"

/**
 * The persons of an order's values: the certificate's holder (for a business, the head or an employee
 * by `holder_role`), the head who signs the employee's МЧД, the representative and the courier's recipient.
 */
export function personsOf(kind: string, values: Values): OrderPerson[] {
  const out: OrderPerson[] = []
  const holder = fullName(values, "")
  if (kind === "legal_entity" || kind === "entrepreneur") {
    const labels = holderRoleLabels(kind)
    const employee = text(values, "holder_role") === "certificate_holder"
    if (holder) out.push({ role: `Владелец сертификата (${(employee ? labels.certificate_holder : labels.chief).toLowerCase()})`, name: holder, position: text(values, "position") })
    const chief = fullName(values, "chief_")
    if (employee && chief) out.push({ role: "Руководитель", name: chief, position: text(values, "chief_position") })
  } else if (holder) out.push({ role: "Владелец сертификата", name: holder, position: "" })
  const representative = fullName(values, "representative_")
  if (yes(values.has_representative) && representative) out.push({ role: "Представитель по доверенности", name: representative, position: "" })
  const courier = fullName(values, "courier_")
  if (yes(values.courier_delivery) && courier) out.push({ role: "Получатель доставки", name: courier, position: "" })
  return out
}
