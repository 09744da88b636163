import type { Context, Hono } from "hono"
import { paymentMessages } from "../../schemas/messages/payment.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { HttpError, asId, notFound, readJson, unprocessable } from "../lib/http.ts"
import { requireUser, siteSession } from "../lib/user-auth.ts"
import { clientIp } from "../lib/throttle.ts"
import { balanceOf, refundedByPayment } from "../services/payments/balance.ts"
import { gatewayView, localGateway } from "../services/payments/local-gateway.ts"
import { addressList } from "../services/payments/notify-ips.ts"
import { createCardPayment, createInvoice, syncPayment, syncRefund } from "../services/payments/payments.ts"
import { paymentProvider } from "../services/payments/provider.ts"
import { RereadBusy } from "../services/payments/rereads.ts"
import { PROVIDER_ID, ProviderError } from "../services/payments/types.ts"

const e = paymentMessages.errors
const PUBLIC_ID = /^[A-Za-z0-9_-]{32,64}$/
const GATEWAY_ID = PROVIDER_ID
/** How long ЮKassa is asked to wait before it sends a notification again after a 503. */
const BUSY_RETRY_AFTER_S = 30

/** The signed-in site user's id when the call carries a valid token, else null (pages anyone may open). */
async function viewerId(c: Context<AppEnv>, deps: Deps): Promise<number | null> {
  // Every check of a signed-in call: a session a password reset ended sees what anyone sees.
  return (await siteSession(deps, c))?.user.id ?? null
}

/** Where the customer goes after the provider's page: the outcome page of our payment. */
const resultPath = (publicId: string, status: string) => `/payment_result/${status === "canceled" ? "failure" : "success"}/${publicId}`

/**
 * Payments (docs/payments.md):
 * - `POST /api/v1/uc/payments/` `{ order_id, method: 'card'|'invoice' }`: the owner pays an order the
 *   server prices itself (an amount sent is ignored): card → 201 `{ payment_id, amount,
 *   confirmation_url }`; invoice → 201 `{ payment_id, amount, document }`.
 * - `GET /api/v1/uc/payments/{public_id}/`: the outcome pages' read: the status for anyone; the order,
 *   its status and the amount for its owner only.
 * - `POST /api/v1/uc/payments/notifications/`: ЮKassa's HTTP notification. Only from the allow-list
 *   (YOOKASSA_NOTIFY_IPS, when set; else 403); only an id of ЮKassa's format (else 422); an id the
 *   product never created is 200 at once, a known one is re-read from the provider (single flight,
 *   bounded; 503 while too many wait) and only that answer counts; 502 when the provider cannot be
 *   read (ЮKassa retries). `refund.*` events re-read the refund.
 * - `GET|POST /api/v1/uc/payment_gateway/{id}/`: the embedded test gateway's page data and its buttons
 *   (`{ action: 'pay'|'decline' }`), which then take the notification path above. 404 with ЮKassa on.
 */
export function paymentRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  // Read once at start: a malformed entry stops the server rather than opening or closing the endpoint.
  const notifiers = addressList(deps.config.yookassa.notifyIps)

  app.post("/api/v1/uc/payments", requireUser(deps), async (c) => {
    const body = await readJson(c)
    const errors: Record<string, string[]> = {}
    const orderId = typeof body.order_id === "number" ? (Number.isInteger(body.order_id) ? asId(String(body.order_id)) : null) : typeof body.order_id === "string" ? asId(body.order_id) : null
    if (body.order_id === undefined || body.order_id === null || body.order_id === "") errors.order_id = [e.orderRequired]
    else if (orderId === null) errors.order_id = [e.orderNotFound]
    if (body.method !== "card" && body.method !== "invoice") errors.method = [e.methodInvalid]
    if (Object.keys(errors).length > 0 || orderId === null) throw unprocessable(errors)
    const user = c.get("user")
    if (body.method === "card") return c.json(await createCardPayment(deps, user, orderId), 201)
    return c.json(await createInvoice(deps, user.id, orderId), 201)
  })

  app.post("/api/v1/uc/payments/notifications", async (c) => {
    if (!notifiers.empty && !notifiers.has(clientIp(c, deps.config))) throw new HttpError(403, { message: e.notificationForbidden })
    const body = await readJson(c)
    const object = body.object as { id?: unknown } | undefined
    if (body.type !== "notification" || typeof body.event !== "string" || typeof object?.id !== "string" || !PROVIDER_ID.test(object.id)) {
      throw unprocessable({ object: [e.notificationInvalid] })
    }
    try {
      const outcome = body.event.startsWith("refund.") ? await syncRefund(deps, object.id) : body.event.startsWith("payment.") ? await syncPayment(deps, object.id) : "ignored"
      return c.json({ outcome })
    } catch (err) {
      if (err instanceof RereadBusy) {
        deps.log.warn({}, "payment notification: too many re-reads waiting; ЮKassa will send it again")
        c.header("Retry-After", String(BUSY_RETRY_AFTER_S))
        return c.json({ message: e.notificationsBusy }, 503)
      }
      if (err instanceof ProviderError) {
        deps.log.error({ err }, "payment notification: the provider could not be asked")
        throw new HttpError(502, { message: e.providerFailed })
      }
      throw err
    }
  })

  app.get("/api/v1/uc/payments/:id", async (c) => {
    const publicId = c.req.param("id")
    if (!PUBLIC_ID.test(publicId)) throw notFound()
    let row = await k.selectFrom("payments").select(["id", "order_id", "provider", "provider_payment_id", "amount", "status"]).where("public_id", "=", publicId).executeTakeFirst()
    if (!row) throw notFound()
    // The customer may be back before ЮKassa's notification: ask the provider now (the same path).
    if (row.status === "pending" && row.provider !== "invoice" && row.provider_payment_id) {
      await syncPayment(deps, row.provider_payment_id).catch(() => "pending")
      row = (await k.selectFrom("payments").select(["id", "order_id", "provider", "provider_payment_id", "amount", "status"]).where("id", "=", row.id).executeTakeFirst()) ?? row
    }
    const viewer = await viewerId(c, deps)
    const order = viewer === null ? undefined : await k.selectFrom("orders").select(["id", "status"]).where("id", "=", row.order_id).where("user_id", "=", viewer).executeTakeFirst()
    if (!order) return c.json({ status: row.status, method: row.provider === "invoice" ? "invoice" : "card" })
    // The owner also reads what the order still lacks and what of this payment goes back.
    const balance = await balanceOf(k, order.id)
    const refunded = (await refundedByPayment(deps.db, order.id)).get(Number(row.id)) ?? 0
    return c.json({ status: row.status, method: row.provider === "invoice" ? "invoice" : "card", order_id: order.id, order_status: order.status, amount: Number(row.amount), due: balance.due, refunded })
  })

  const gateway = () => {
    if (paymentProvider(deps)?.name !== "local") throw notFound()
    return localGateway(deps.db)
  }

  app.get("/api/v1/uc/payment_gateway/:id", async (c) => {
    gateway()
    const id = c.req.param("id")
    const view = GATEWAY_ID.test(id) ? await gatewayView(deps.db, id) : null
    if (!view) throw notFound()
    return c.json(view)
  })

  app.post("/api/v1/uc/payment_gateway/:id", async (c) => {
    const local = gateway()
    const id = c.req.param("id")
    if (!GATEWAY_ID.test(id) || !(await gatewayView(deps.db, id))) throw notFound()
    const body = await readJson(c)
    if (body.action !== "pay" && body.action !== "decline") throw unprocessable({ action: [e.actionInvalid] })
    await local.settle(id, body.action === "pay" ? "succeeded" : "canceled")
    // The same path as ЮKassa's notification: the handler re-reads the payment from the gateway. Busy,
    // the outcome page reads the payment again itself (its own check re-runs this path).
    await syncPayment(deps, id, local).catch((err: unknown) => {
      if (!(err instanceof RereadBusy)) throw err
    })
    const ours = await k.selectFrom("payments").select(["public_id", "status"]).where("provider", "=", "local").where("provider_payment_id", "=", id).executeTakeFirst()
    if (!ours) throw notFound()
    return c.json({ status: ours.status, redirect: resultPath(ours.public_id, ours.status) })
  })
}
