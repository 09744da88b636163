import { describe, expect, it } from "vitest"
import { allocateDue, refundLines } from "../../server/services/payments/balance.ts"
import { addressList, YOOKASSA_NOTIFY_RANGES } from "../../server/services/payments/notify-ips.ts"
import { createRereads, RereadBusy } from "../../server/services/payments/rereads.ts"

const item = (option_id: string, price: number, kind = "service") => ({ option_id, name: `Позиция ${option_id}`, kind, price })
const paid = (option_id: string, amount: number) => ({ option_id, name: `Позиция ${option_id}`, kind: "service", amount })
const total = (lines: ReadonlyArray<{ price: number }>) => lines.reduce((s, l) => s + l.price, 0)

describe("allocateDue: the lines a later payment covers", () => {
  it("an option paid before is not due again; the others are due whole", () => {
    const due = allocateDue([item("1", 2500), item("2", 2400), item("3", 19800)], [paid("1", 2500)], 2500)
    expect(due.map((l) => [l.option_id, l.price, l.partial])).toEqual([
      ["2", 2400, false],
      ["3", 19800, false],
    ])
  })

  it("money no line claims (an option replaced) covers lines from the first on, the last covered one a remainder ('доплата')", () => {
    // 12 months (2 500 ₽) paid, then changed to 24 months (4 000 ₽) and a token.
    const due = allocateDue([item("24m", 4000), item("token", 2400, "token")], [paid("12m", 2500)], 2500)
    expect(due.map((l) => [l.option_id, l.price, l.partial])).toEqual([
      ["24m", 1500, true],
      ["token", 2400, false],
    ])
    expect(total(due)).toBe(4000 + 2400 - 2500)
  })

  it("a payment that names no lines (staff's mark) counts as unclaimed money", () => {
    const due = allocateDue([item("1", 3000), item("2", 2000)], [], 3500)
    expect(due.map((l) => [l.option_id, l.price, l.partial])).toEqual([["2", 1500, true]])
  })

  it("refunds that took back more than the unclaimed money make paid lines due again, the last first", () => {
    const due = allocateDue([item("1", 3000), item("2", 2000)], [paid("1", 3000), paid("2", 2000)], 4000)
    expect(due.map((l) => [l.option_id, l.price, l.partial])).toEqual([["2", 1000, true]])
  })

  it("whatever was paid, the lines add up to exactly the price less the net paid", () => {
    const items = [item("1", 4500), item("2", 1200), item("3", 700), item("4", 19800)]
    const lines = [paid("1", 4500), paid("9", 3000), paid("3", 700)]
    for (const net of [0, 700, 4500, 5200, 8200, 10000, 26199]) {
      const due = allocateDue(items, lines, net)
      expect(total(due), String(net)).toBe(Math.max(0, 26200 - net))
      for (const l of due) expect(l.price).toBeGreaterThan(0)
    }
    expect(allocateDue(items, lines, 30000)).toEqual([])
  })
})

describe("refundLines: a partial refund's receipt", () => {
  it("the payment's lines no longer in the order first, then its last lines; a filler line for money no line names", () => {
    const lines = [paid("1", 2500), paid("2", 2400), paid("3", 19800)]
    expect(refundLines(lines, new Set(["1", "3"]), 5000, 7).map((l) => [l.option_id, l.amount])).toEqual([
      ["2", 2400],
      ["3", 2600],
    ])
    expect(refundLines([], new Set(), 1200, 7)).toEqual([{ option_id: "0", name: "Услуги удостоверяющего центра по заявке № 7", kind: "service", amount: 1200 }])
  })
})

describe("addressList: YOOKASSA_NOTIFY_IPS", () => {
  const list = addressList(YOOKASSA_NOTIFY_RANGES.join(","))
  it("takes ЮKassa's published ranges, IPv4 (also as an IPv4-mapped IPv6 address) and IPv6", () => {
    for (const a of ["185.71.76.0", "185.71.76.31", "185.71.77.10", "77.75.153.127", "77.75.156.11", "77.75.156.35", "77.75.154.200", "::ffff:185.71.76.10", "2a02:5180::1", "2a02:5180:ffff::9"]) expect(list.has(a), a).toBe(true)
    for (const a of ["185.71.76.32", "77.75.153.128", "77.75.156.12", "77.75.154.127", "203.0.113.7", "127.0.0.1", "::1", "2a02:5181::1", "unknown", ""]) expect(list.has(a), a).toBe(false)
    expect(list.empty).toBe(false)
  })
  it("empty is empty; a malformed entry is refused at start", () => {
    expect(addressList("").empty).toBe(true)
    expect(addressList(" , ").empty).toBe(true)
    for (const bad of ["185.71.76.0/33", "2a02:5180::/129", "example.org", "185.71.76/27", "10.0.0.1/8/1", "10.0.0.0/x"]) expect(() => addressList(bad), bad).toThrow(/YOOKASSA_NOTIFY_IPS/)
  })
})

describe("createRereads: single flight per object, bounded", () => {
  const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

  it("calls at once take one re-read when its answer is final", async () => {
    const r = createRereads()
    let reads = 0
    const answers = await Promise.all(Array.from({ length: 20 }, () => r.run("p:1", () => (reads++, later("succeeded")), (a) => a !== "pending")))
    expect(answers).toEqual(Array(20).fill("succeeded"))
    expect(reads).toBe(1)
  })

  it("a non-final answer may predate a call: those who joined it get one more re-read, together", async () => {
    const r = createRereads()
    let reads = 0
    const answers = await Promise.all(Array.from({ length: 10 }, () => r.run("p:2", () => (reads++, later(reads === 1 ? "pending" : "succeeded")), (a) => a !== "pending")))
    expect(reads).toBe(2)
    expect(answers[0]).toBe("pending")
    expect(answers.slice(1)).toEqual(Array(9).fill("succeeded"))
  })

  it("different objects: at most `concurrency` re-reads at once, at most `queue` waiting, the rest refused", async () => {
    const r = createRereads(2, 3)
    let now = 0
    let most = 0
    const read = async () => {
      most = Math.max(most, ++now)
      await later(null, 10)
      now--
      return "succeeded"
    }
    const settled = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => r.run(`p:${i}`, read, () => true)))
    expect(most).toBe(2)
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(5)
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected")
    expect(refused).toHaveLength(3)
    for (const s of refused) expect(s.reason).toBeInstanceOf(RereadBusy)
    expect(r.load).toEqual({ running: 0, waiting: 0 })
  })
})
