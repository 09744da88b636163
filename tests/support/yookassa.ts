import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { readBody, sendJson } from "./http-double.ts"

/** A payment as the local ЮKassa keeps it. */
export interface FakePayment {
  id: string
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled"
  amount: { value: string; currency: string }
  description?: string
  confirmation: { type: "redirect"; confirmation_url: string; return_url: string }
  metadata?: Record<string, string>
  receipt?: unknown
  capture?: boolean
  created_at: string
}

/** A refund as the local ЮKassa keeps it. */
export interface FakeRefund {
  id: string
  payment_id: string
  status: "pending" | "succeeded" | "canceled"
  amount: { value: string; currency: string }
  description?: string
  receipt?: unknown
  created_at: string
}

export interface FakeYookassa {
  /** The API base to put in YOOKASSA_API_URL (…/v3). */
  readonly url: string
  readonly shopId: string
  readonly secretKey: string
  /** Every payment by id. */
  readonly payments: Map<string, FakePayment>
  /** Every create request's body, in order (what the product sent). */
  readonly creates: Array<{ idempotenceKey: string; body: Record<string, unknown> }>
  /** How many times a payment was read (`GET /v3/payments/{id}`), whatever the answer. */
  reads: number
  /** A delay before each payment read answers (a slow ЮKassa: concurrent notifications overlap). */
  readDelayMs: number
  /** Every refund by id. */
  readonly refunds: Map<string, FakeRefund>
  /** Every refund request's body, in order (what the product sent). */
  readonly refundRequests: Array<{ idempotenceKey: string; body: Record<string, unknown> }>
  /** The status a new refund gets ('succeeded' unless a test wants it 'pending' or 'canceled'). */
  refundStatus: FakeRefund["status"]
  /** Sets a payment's status, as the buyer's action on ЮKassa's page would. */
  setStatus(id: string, status: FakePayment["status"]): void
  /** Makes the API answer 500 until false. */
  failing: boolean
  /** Makes only refund requests answer 500 until false (payments still read). */
  refundsFailing: boolean
  close(): Promise<void>
}

const json = sendJson

/**
 * A local HTTP server speaking the part of ЮKassa's API v3 the product uses: Basic authentication
 * (shop id : secret key, else 401), `POST /v3/payments` with a required `Idempotence-Key` (the same key
 * answers the same payment; a missing one is 400), `GET /v3/payments/{id}` (404 for an unknown id, every
 * read counted), and refunds: `POST /v3/refunds` (Idempotence-Key; only a succeeded payment, never more
 * than was paid, a partial refund's receipt items adding up to it) and `GET /v3/refunds/{id}`.
 */
export async function startFakeYookassa(): Promise<FakeYookassa> {
  const shopId = "123456"
  const secretKey = `test_${randomUUID()}`
  const payments = new Map<string, FakePayment>()
  const byKey = new Map<string, string>()
  const creates: FakeYookassa["creates"] = []
  const refunds = new Map<string, FakeRefund>()
  const refundsByKey = new Map<string, string>()
  const refundRequests: FakeYookassa["refundRequests"] = []
  const state = { failing: false, refundsFailing: false, reads: 0, readDelayMs: 0, refundStatus: "succeeded" as FakeRefund["status"] }
  const cents = (v: unknown) => Math.round(Number(v) * 100)
  const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString("base64")}`

  const server = createServer((req, res) => {
    void (async () => {
      if (req.headers.authorization !== expected) return json(res, 401, { type: "error", code: "invalid_credentials" })
      if (state.failing) return json(res, 500, { type: "error", code: "internal_server_error" })
      const url = new URL(req.url ?? "/", "http://localhost")
      if (req.method === "POST" && url.pathname === "/v3/payments") {
        const key = req.headers["idempotence-key"]
        if (typeof key !== "string" || key === "") return json(res, 400, { type: "error", code: "invalid_request", parameter: "Idempotence-Key" })
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>
        creates.push({ idempotenceKey: key, body })
        const known = byKey.get(key)
        if (known) return json(res, 200, payments.get(known))
        const id = randomUUID()
        const confirmation = body.confirmation as { type: string; return_url: string }
        const payment: FakePayment = {
          id,
          status: "pending",
          amount: body.amount as FakePayment["amount"],
          description: body.description as string,
          confirmation: { type: "redirect", return_url: confirmation.return_url, confirmation_url: `https://yoomoney.test/checkout/payments/v2/contract?orderId=${id}` },
          metadata: body.metadata as Record<string, string>,
          receipt: body.receipt,
          capture: body.capture as boolean,
          created_at: new Date().toISOString(),
        }
        payments.set(id, payment)
        byKey.set(key, id)
        return json(res, 200, payment)
      }
      if (req.method === "POST" && url.pathname === "/v3/refunds") {
        const key = req.headers["idempotence-key"]
        if (typeof key !== "string" || key === "") return json(res, 400, { type: "error", code: "invalid_request", parameter: "Idempotence-Key" })
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>
        refundRequests.push({ idempotenceKey: key, body })
        if (state.refundsFailing) return json(res, 500, { type: "error", code: "internal_server_error" })
        const known = refundsByKey.get(key)
        if (known) return json(res, 200, refunds.get(known))
        const payment = payments.get(String(body.payment_id))
        if (!payment) return json(res, 404, { type: "error", code: "not_found" })
        if (payment.status !== "succeeded") return json(res, 400, { type: "error", code: "invalid_request", parameter: "payment_id" })
        const amount = body.amount as FakeRefund["amount"]
        const refunded = [...refunds.values()].filter((r) => r.payment_id === payment.id && r.status !== "canceled").reduce((s, r) => s + cents(r.amount.value), 0)
        if (!(cents(amount?.value) > 0) || cents(amount.value) + refunded > cents(payment.amount.value)) return json(res, 400, { type: "error", code: "invalid_request", parameter: "amount" })
        // ЮKassa: a partial refund needs the receipt's items, and they add up to the refund.
        const receipt = body.receipt as { items?: Array<{ amount: { value: string } }> } | undefined
        if (cents(amount.value) < cents(payment.amount.value)) {
          const sum = (receipt?.items ?? []).reduce((s, i) => s + cents(i.amount.value), 0)
          if (sum !== cents(amount.value)) return json(res, 400, { type: "error", code: "invalid_request", parameter: "receipt" })
        }
        const refund: FakeRefund = { id: randomUUID(), payment_id: payment.id, status: state.refundStatus, amount, description: body.description as string, receipt: body.receipt, created_at: new Date().toISOString() }
        refunds.set(refund.id, refund)
        refundsByKey.set(key, refund.id)
        return json(res, 200, refund)
      }
      const r = /^\/v3\/refunds\/([^/]+)$/.exec(url.pathname)
      if (req.method === "GET" && r) {
        const refund = refunds.get(decodeURIComponent(r[1]!))
        return refund ? json(res, 200, refund) : json(res, 404, { type: "error", code: "not_found" })
      }
      const m = /^\/v3\/payments\/([^/]+)$/.exec(url.pathname)
      if (req.method === "GET" && m) {
        state.reads++
        if (state.readDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.readDelayMs))
        const p = payments.get(decodeURIComponent(m[1]!))
        return p ? json(res, 200, p) : json(res, 404, { type: "error", code: "not_found" })
      }
      json(res, 404, { type: "error", code: "not_found" })
    })().catch(() => json(res, 500, { type: "error" }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/v3`,
    shopId,
    secretKey,
    payments,
    creates,
    refunds,
    refundRequests,
    get reads() {
      return state.reads
    },
    set reads(v: number) {
      state.reads = v
    },
    get refundsFailing() {
      return state.refundsFailing
    },
    set refundsFailing(v: boolean) {
      state.refundsFailing = v
    },
    get readDelayMs() {
      return state.readDelayMs
    },
    set readDelayMs(v: number) {
      state.readDelayMs = v
    },
    get refundStatus() {
      return state.refundStatus
    },
    set refundStatus(v: FakeRefund["status"]) {
      state.refundStatus = v
    },
    setStatus(id, status) {
      const p = payments.get(id)
      if (!p) throw new Error(`no payment ${id}`)
      p.status = status
    },
    get failing() {
      return state.failing
    },
    set failing(v: boolean) {
      state.failing = v
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
