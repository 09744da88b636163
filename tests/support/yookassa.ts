import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

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

export interface FakeYookassa {
  /** The API base to put in YOOKASSA_API_URL (…/v3). */
  readonly url: string
  readonly shopId: string
  readonly secretKey: string
  /** Every payment by id. */
  readonly payments: Map<string, FakePayment>
  /** Every create request's body, in order (what the product sent). */
  readonly creates: Array<{ idempotenceKey: string; body: Record<string, unknown> }>
  /** Sets a payment's status, as the buyer's action on ЮKassa's page would. */
  setStatus(id: string, status: FakePayment["status"]): void
  /** Makes the API answer 500 until false. */
  failing: boolean
  close(): Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" })
  res.end(JSON.stringify(body))
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = ""
    req.setEncoding("utf8")
    req.on("data", (chunk: string) => (data += chunk))
    req.on("end", () => resolve(data))
    req.on("error", reject)
  })

/**
 * A local HTTP server speaking the part of ЮKassa's API v3 the product uses: Basic authentication
 * (shop id : secret key, else 401), `POST /v3/payments` with a required `Idempotence-Key` (the same key
 * answers the same payment; a missing one is 400) and `GET /v3/payments/{id}` (404 for an unknown id).
 */
export async function startFakeYookassa(): Promise<FakeYookassa> {
  const shopId = "123456"
  const secretKey = `test_${randomUUID()}`
  const payments = new Map<string, FakePayment>()
  const byKey = new Map<string, string>()
  const creates: FakeYookassa["creates"] = []
  const state = { failing: false }
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
      const m = /^\/v3\/payments\/([^/]+)$/.exec(url.pathname)
      if (req.method === "GET" && m) {
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
