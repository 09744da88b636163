import { beforeAll, describe, expect, it } from "vitest"
import { type Caller, errorsOf, serverWithAdmin } from "../api/helpers.ts"
import { freshCustomer, type PaymentCatalogue, seedPaymentCatalogue } from "../api/payments-orders.ts"
import { individualApplicant, ORDER_CONFIRMATIONS } from "../support/order-applicant.ts"

/**
 * Who may hold which certificate (schemas/holder-rule.ts): the wizard offers a legal entity's head or
 * an entrepreneur no qualified certificate of this CA, so the attacker skips the wizard and sends the
 * order straight to the API — a complete, submitted order with `holder_role: "chief"` and a qualified
 * tariff; or an allowed employee's order, then a change of the holder to the head. Each is a 422 under
 * `holder_role` naming the tax service's CA, and nothing is stored or changed.
 */

const api = serverWithAdmin()
let cat: PaymentCatalogue
let customer: Caller

beforeAll(async () => {
  cat = await seedPaymentCatalogue(api.db())
  customer = (await freshCustomer(api)).caller
})

const orders = async () => (await api.db().kysely.selectFrom("orders").select("id").execute()).length

/** A complete in-person order of a legal entity's certificate, every preset rule satisfied. */
const legalEntityOrder = (holderRole: string) => ({
  applicant_kind: "legal_entity",
  tariff_id: String(cat.tariff),
  period: 12,
  options: [],
  ...individualApplicant(),
  company: "ООО «Ромашка»",
  inn: "7707083893",
  kpp: "773601001",
  ogrn: "1027700132195",
  legal_address: "г Москва, ул Вавилова, д 19",
  holder_role: holderRole,
  holder_inn: "500100732259",
  position: "Генеральный директор",
  chief_last_name: "Петров",
  chief_first_name: "Пётр",
  chief_position: "Генеральный директор",
  identification: "office",
  office_id: String(cat.office),
  submit: true,
  ...ORDER_CONFIRMATIONS,
})

const entrepreneurOrder = (holderRole: string | undefined) => {
  const { holder_role: _, kpp: _k, ogrn: _o, legal_address: _a, ...rest } = legalEntityOrder("chief")
  return { ...rest, applicant_kind: "entrepreneur", company: "ИП Петров Пётр Петрович", inn: "500100732259", ogrnip: "304500116000157", ...(holderRole ? { holder_role: holderRole } : {}) }
}

describe("a head's or an entrepreneur's own qualified certificate, sent past the wizard", () => {
  it("a complete submitted order of a legal entity with holder_role chief and a qualified tariff: 422, nothing stored", async () => {
    const before = await orders()
    const a = await customer("POST", "/api/v1/uc/leads/", { json: legalEntityOrder("chief") })
    expect(a.status, a.text).toBe(422)
    expect(Object.keys(errorsOf(a))).toEqual(["holder_role"])
    expect(errorsOf(a).holder_role?.[0]).toMatch(/руководителя организации выдаёт только удостоверяющий центр ФНС России/)
    expect(await orders()).toBe(before)
    // The same order for an employee is what this CA sells: it goes through.
    const ok = await customer("POST", "/api/v1/uc/leads/", { json: legalEntityOrder("certificate_holder") })
    expect(ok.status, ok.text).toBe(201)
  })

  it("the entrepreneur himself: 422; without any holder_role the submit asks for one", async () => {
    const a = await customer("POST", "/api/v1/uc/leads/", { json: entrepreneurOrder("chief") })
    expect(a.status, a.text).toBe(422)
    expect(errorsOf(a).holder_role?.[0]).toMatch(/индивидуального предпринимателя выдаёт только удостоверяющий центр ФНС России/)
    const silent = await customer("POST", "/api/v1/uc/leads/", { json: entrepreneurOrder(undefined) })
    expect(silent.status, silent.text).toBe(422)
    expect(Object.keys(errorsOf(silent))).toEqual(["holder_role"])
  })

  it("an employee's draft changed to the head by PUT: 422, the stored holder stays the employee", async () => {
    const { submit: _, ...draftBody } = legalEntityOrder("certificate_holder")
    const draft = await customer<{ data: { id: string } }>("POST", "/api/v1/uc/leads/", { json: draftBody })
    expect(draft.status, draft.text).toBe(201)
    const id = draft.body.data.id
    const put = await customer("PUT", `/api/v1/uc/leads/${id}/`, { json: { ...draftBody, holder_role: "chief" } })
    expect(put.status, put.text).toBe(422)
    expect(errorsOf(put).holder_role?.[0]).toMatch(/ФНС России/)
    const row = await api.db().kysely.selectFrom("orders").select("data").where("id", "=", Number(id)).executeTakeFirstOrThrow()
    expect((JSON.parse(row.data) as { values: Record<string, unknown> }).values.holder_role).toBe("certificate_holder")
  })
})
