import { describe, expect, test } from "vitest"
import { crmResources, resourceNamed } from "../../schemas/resources/index.ts"
import { excerptOf, EXCERPT_MAX, fieldNamesOf, namedChanges } from "../../schemas/resources/audit-fields.ts"
import { countChips } from "../../src/features/crm/filter-counts.ts"
import { filtersKey, orderQueues, queueCount } from "../../src/features/crm/order-queues.ts"

const orders = resourceNamed("orders")!

describe("the orders list's counts by status", () => {
  test("all first with the sum, then the statuses that have orders or are chosen, in the form's order", () => {
    const chips = countChips(orders.filter, "status", { paid: 2, checking_documents: 3, issued: 1 }, "cancelled")
    expect(chips.map((c) => [c.value, c.label, c.count, c.current])).toEqual([
      ["", "", 6, false],
      ["paid", "Оплачена", 2, false],
      ["checking_documents", "Проверка документов", 3, false],
      ["issued", "Сертификат выпущен", 1, false],
      ["cancelled", "Отменена", 0, true],
    ])
  })

  test("no status chosen marks all; several chosen mark none of the single ones", () => {
    expect(countChips(orders.filter, "status", { paid: 1 }, "").find((c) => c.current)?.value).toBe("")
    expect(countChips(orders.filter, "status", { paid: 1, checking_documents: 1 }, "paid,checking_documents").filter((c) => c.current)).toEqual([])
  })
})

describe("the operator's queues", () => {
  const day = new Date(2026, 10, 28, 9, 30)
  test("each is the orders list filtered to it, today's by the day it changed", () => {
    const queues = orderQueues("/crm/orders", day)
    expect(queues.map((q) => q.href)).toEqual([
      "/crm/orders?status=paid%2Cchecking_documents",
      "/crm/orders?status=ready_for_identification",
      "/crm/orders?status=issued&updated_from=28.11.2026&updated_to=28.11.2026",
    ])
    // Today is Moscow's: 21:30 UTC on 4 January is already the 5th there.
    expect(orderQueues("/crm/orders", new Date("2026-01-04T21:30:00Z"))[2]!.filters).toMatchObject({ updated_from: "05.01.2026", updated_to: "05.01.2026" })
  })

  test("the identification queue is the staff member's office's, by the list's own office filter; every office's without one", () => {
    const own = orderQueues("/crm/orders", day, { id: 7, name: "У Белорусской" })[1]!
    expect(own.href).toBe("/crm/orders?status=ready_for_identification&office_id=7")
    expect(own.filters).toEqual({ office_id: "7" })
    expect(own.hint).toBe("В офисе «У Белорусской»")
    const every = orderQueues("/crm/orders", day, null)[1]!
    expect(every.filters).toEqual({})
    expect(every.hint).toBe("Во всех офисах обслуживания")
    // Counts are asked once per distinct filters: none, the office's, today's.
    expect(new Set(orderQueues("/crm/orders", day, { id: 7, name: "У Белорусской" }).map((q) => filtersKey(q.filters))).size).toBe(3)
    expect(filtersKey({ updated_to: "b", updated_from: "a" })).toBe("updated_from=a&updated_to=b")
  })

  test("a queue counts the sum of its statuses", () => {
    const [documents, identification] = orderQueues("/crm/orders", day)
    expect(queueCount(documents!, { paid: 2, checking_documents: 3, new: 9 })).toBe(5)
    expect(queueCount(identification!, {})).toBe(0)
  })
})

describe("the audit log in Russian", () => {
  test("a column is named by its resource's declaration, a status by its label", () => {
    const names = fieldNamesOf(orders)
    expect(namedChanges([{ field: "status", before: "paid", after: "checking_documents" }], names)).toEqual([{ field: "Статус", before: "Оплачена", after: "Проверка документов" }])
    const pages = fieldNamesOf(resourceNamed("pages")!)
    expect(pages.labels.title).toMatch(/[А-Яа-я]/)
    expect(pages.labels.updated_at).toBe("Изменена")
  })

  test("no field of any resource's form is left as its key", () => {
    for (const r of crmResources) {
      const names = fieldNamesOf(r)
      for (const f of r.edit?.form.fields ?? []) if (f.label && f.type !== "submit") expect(names.labels[f.name], `${r.name}.${f.name}`).toBe(f.label)
    }
  })

  test("HTML is shown as its text, never its tags; a long value is cut with «…»", () => {
    expect(excerptOf('<p>Кто &amp; <b>зачем</b></p><script>alert(1)</script><p>далее</p>')).toBe("Кто & зачем далее")
    expect(excerptOf("<img src=x onerror=alert(1)>")).toBe("")
    const long = excerptOf(`<p>${"слово ".repeat(100)}</p>`)
    expect(long.length).toBeLessThanOrEqual(EXCERPT_MAX)
    expect(long.endsWith("…")).toBe(true)
    expect(excerptOf("ООО «Ромашка»")).toBe("ООО «Ромашка»")
  })
})
