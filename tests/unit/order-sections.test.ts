import { describe, expect, it } from "vitest"
import { formatRubles } from "../../schemas/money.ts"
import type { OrderRecord } from "../../schemas/resources/orders/record.ts"
import { orderSections } from "../../schemas/resources/orders/sections.ts"

const record = (status: string, payments: NonNullable<OrderRecord["meta"]>["payments"], due: number): OrderRecord => ({
  id: "7",
  type: "order",
  attributes: { number: 7, created_at: "2026-03-01T09:00:00Z", submitted_at: null, status, title: "КЭП", tariff_name: "КЭП", amount: 5700, identification: "office", applicant_kind: "legal", email: "a@b.ru" },
  meta: { application: [], persons: [], lines: [], documents: [], scans: [], payments, balance: { price: 5700, paid: 5700 - due, refunded: 0, due }, events: [], certificate: null },
})

const staffPayment = { provider: "staff", status: "succeeded", amount: 2000, refunded: 0, created_at: "2026-03-16T10:00:00Z", paid_at: "2026-03-16T10:00:00Z", document_number: "318", document_date: "2026-03-16" }
const cardPayment = { provider: "yookassa", status: "succeeded", amount: 3700, refunded: 1200, created_at: "2026-03-17T10:00:00Z", paid_at: null, document_number: null, document_date: null }

const section = (r: OrderRecord, title: string) => orderSections(r).find((s) => s.title === title)!

describe("the order's money on its CRM page", () => {
  it("'Платежи' names each payment order by number and date, and what of a payment went back", () => {
    const rows = section(record("awaiting_payment", [staffPayment, cardPayment], 0), "Платежи").rows.map((r) => r.cells)
    expect(rows[0]).toEqual(["Отмечено сотрудником", formatRubles(2000), "—", "№ 318 от 16.03.2026", "Оплачен", expect.any(String), expect.any(String)])
    expect(rows[1]!.slice(0, 4)).toEqual(["ЮKassa", formatRubles(3700), formatRubles(1200), "—"])
  })

  it("'Расчёты' says what is still due, except on a cancelled order, which owes nothing", () => {
    expect(section(record("awaiting_payment", [], 3700), "Расчёты").rows[0]!.cells[3]).toBe(formatRubles(3700))
    expect(section(record("cancelled", [], 3700), "Расчёты").rows[0]!.cells[3]).toBe("Не требуется: заявка отменена")
  })
})
