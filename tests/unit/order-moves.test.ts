import { describe, expect, it } from "vitest"
import { validityConditions, validityOf, VALIDITY_STATES } from "../../schemas/entities/certificate.ts"
import { ORDER_MOVE_LABELS, ORDER_STATUS_HINTS, ORDER_STATUS_LABELS, ORDER_STATUSES, STAFF_MOVES, endFits, orderKindOf, rankOf, staffMovesOf } from "../../schemas/entities/order.ts"
import { isoDay, readReason, readStaffPayment } from "../../schemas/entities/staff-payment.ts"
import { allowed } from "../../server/services/order-status.ts"
import { addMonths, periodOf, validUntil } from "../../server/services/register/validity.ts"

describe("the order's statuses and the staff's moves", () => {
  it("'issued' is no staff move; 'completed' is offered for options only; every move's button names an action", () => {
    for (const s of ORDER_STATUSES) {
      expect(STAFF_MOVES[s]).not.toContain("issued")
      expect(staffMovesOf(s, "certificate")).not.toContain("completed")
      for (const to of STAFF_MOVES[s]) expect(ORDER_MOVE_LABELS[to], `${s} → ${to}`).toBeTruthy()
      expect(ORDER_STATUS_LABELS[s]).toBeTruthy()
      expect(ORDER_STATUS_HINTS[s]).toBeTruthy()
    }
    expect(staffMovesOf("ready_for_identification", "certificate")).toEqual(["cancelled"])
    expect(staffMovesOf("ready_for_identification", "options")).toEqual(["completed", "cancelled"])
    expect(ORDER_MOVE_LABELS.checking_documents).toBe("Начать проверку")
    expect(ORDER_MOVE_LABELS.cancelled).toBe("Отменить заявку")
  })

  it("the kind of an order follows its preset; each kind has its own end", () => {
    expect(orderKindOf("order_option_legal_entity")).toBe("options")
    expect(orderKindOf("order_cert_entrepreneur")).toBe("certificate")
    expect([endFits("certificate", "issued"), endFits("certificate", "completed"), endFits("options", "issued"), endFits("options", "completed")]).toEqual([true, false, false, true])
  })

  it("only issuing reaches 'issued'; nothing leaves 'completed'; the payment never completes an order", () => {
    expect(allowed("staff", "ready_for_identification", "issued")).toBe(false)
    expect(allowed("issuing", "ready_for_identification", "issued")).toBe(true)
    expect(allowed("issuing", "checking_documents", "issued")).toBe(false)
    expect(allowed("payment", "completed", "paid")).toBe(false)
    expect(allowed("system", "completed", "issued")).toBe(false)
    expect(allowed("staff", "completed", "cancelled")).toBe(false)
    expect(rankOf("completed")).toBeGreaterThan(rankOf("ready_for_identification"))
  })
})

describe("the payment order staff enter", () => {
  const today = "2026-03-20"
  it("takes whole rubles (spaces allowed), a number and a date typed or picked", () => {
    expect(readStaffPayment({ amount: "5 700", document_number: " 318 ", document_date: "16.03.2026" }, today)).toEqual({ ok: true, value: { amount: 5700, documentNumber: "318", documentDate: "2026-03-16" } })
    expect(readStaffPayment({ amount: 5700, document_number: "А-12/3", document_date: "2026-03-20" }, today).ok).toBe(true)
  })
  it("refuses kopecks, zero, a day that does not exist, a later day and a number with markup", () => {
    const errors = (body: Record<string, unknown>) => {
      const r = readStaffPayment(body, today)
      return r.ok ? [] : Object.keys(r.errors)
    }
    expect(errors({ amount: "57.50", document_number: "1", document_date: "16.03.2026" })).toEqual(["amount"])
    expect(errors({ amount: 0, document_number: "1", document_date: "16.03.2026" })).toEqual(["amount"])
    expect(errors({ amount: 1, document_number: "<b>", document_date: "16.03.2026" })).toEqual(["document_number"])
    expect(errors({ amount: 1, document_number: "1", document_date: "21.03.2026" })).toEqual(["document_date"])
    expect(isoDay("29.02.2026")).toBeNull()
    expect(isoDay("29.02.2028")).toBe("2028-02-29")
  })
  it("a cancel's reason: trimmed, empty is none, longer than 1000 refused", () => {
    expect(readReason("  Дубль  ")).toEqual({ ok: true, value: "Дубль" })
    expect(readReason("   ")).toEqual({ ok: true, value: null })
    expect(readReason("x".repeat(1001)).ok).toBe(false)
    expect(readReason(5).ok).toBe(false)
  })
})

describe("an issued certificate's validity", () => {
  const ca = new Date("2040-01-01T00:00:00.000Z")
  it("is the period paid in calendar months", () => {
    expect(validUntil(new Date("2026-03-15T10:00:00.000Z"), 12, ca).toISOString()).toBe("2027-03-15T10:00:00.000Z")
    expect(validUntil(new Date("2026-03-15T10:00:00.000Z"), 15, ca).toISOString()).toBe("2027-06-15T10:00:00.000Z")
    expect(addMonths(new Date("2026-01-31T08:00:00.000Z"), 1).toISOString()).toBe("2026-02-28T08:00:00.000Z")
    expect(addMonths(new Date("2028-02-29T08:00:00.000Z"), 12).toISOString()).toBe("2029-02-28T08:00:00.000Z")
  })
  it("never outlives the CA's certificate", () => {
    expect(validUntil(new Date("2039-06-01T00:00:00.000Z"), 12, ca).toISOString()).toBe(ca.toISOString())
  })
  it("reads the period from the order, else from its certificate option", () => {
    expect(periodOf({ period: 12 }, [15])).toBe(12)
    expect(periodOf({}, [null, 15])).toBe(15)
    expect(periodOf({ period: "12" }, [])).toBeNull()
  })
})

describe("a certificate's status as staff read it", () => {
  const at = new Date("2026-03-01T12:00:00.000Z")
  const days = (n: number) => new Date(at.getTime() + n * 86_400_000).toISOString()
  it("valid, expiring within 30 days, expired, revoked, suspended", () => {
    expect(validityOf("valid", days(31), at)).toBe("valid")
    expect(validityOf("valid", days(29), at)).toBe("expiring")
    expect(validityOf("valid", days(-1), at)).toBe("expired")
    expect(validityOf("suspended", days(-1), at)).toBe("expired")
    expect(validityOf("suspended", days(100), at)).toBe("suspended")
    expect(validityOf("revoked", days(-1), at)).toBe("revoked")
  })
  it("the SQL comparisons select exactly the rows of each state", () => {
    const rows = [
      ["valid", days(31)],
      ["valid", days(29)],
      ["valid", days(-1)],
      ["suspended", days(-1)],
      ["suspended", days(100)],
      ["revoked", days(5)],
      ["revoked", days(-5)],
    ] as const
    const test = (row: { status: string; not_after: string }, [col, op, v]: readonly [string, string, string]) => {
      const x = row[col as "status" | "not_after"]
      return op === "=" ? x === v : op === "<>" ? x !== v : op === "<" ? x < v : x >= v
    }
    for (const state of VALIDITY_STATES) {
      for (const [status, notAfter] of rows) {
        const row = { status, not_after: notAfter }
        expect(validityConditions(state, at).every((c) => test(row, c)), `${state} ${status} ${notAfter}`).toBe(validityOf(status, notAfter, at) === state)
      }
    }
  })
})
