import { randomBytes, randomUUID } from "node:crypto"
import type { BrowserContext, Page } from "playwright-core"
import { beforeAll, describe, expect, test } from "vitest"
import { paymentMessages } from "../../schemas/messages/payment.ts"
import type { Db } from "../../server/db/index.ts"
import { insertOrder } from "../api/order-rows.ts"
import { axeViolations } from "../support/axe.ts"
import { testHarness } from "../support/harness.ts"
import { confirmedCustomer, testDb } from "../support/users.ts"

/**
 * Payments in Chromium without ЮKassa keys (docs/payments.md): an order awaiting payment → 'Оплатить
 * картой' on the order's page → the embedded test gateway → 'Оплатить' → the success page → the order
 * paid in the account; 'Отказаться' → the failure page; an invoice offered as a PDF download; the
 * outcome page shows a stranger no amount; an order partly paid shows the price, what was paid and what is
 * due, and the card pays the due only. No axe violations on the payment, gateway and outcome pages.
 */
const h = testHarness()
let db: Db
let customer: { id: number; email: string; jwt: string }
let amount = 0
let optionIds: number[] = []

beforeAll(async () => {
  db = testDb(h.server.dataDir)
  customer = await confirmedCustomer(h.server.url, db)
  const options = await db.kysely.selectFrom("tariff_options").select(["id", "price"]).where("price", ">", 0).where("published", "=", 1).orderBy("id").limit(2).execute()
  optionIds = options.map((o) => o.id)
  amount = options.reduce((s, o) => s + o.price, 0)
})

async function payableOrder(): Promise<number> {
  const id = await insertOrder(db, customer.id, { status: "awaiting_payment", amount })
  await db.kysely.updateTable("orders").set({ option_ids: JSON.stringify(optionIds) }).where("id", "=", id).execute()
  return id
}

async function open(token?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
  if (token) await context.addCookies([{ name: "token", value: token, url: h.server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

const rubles = (n: number) => new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 0 }).format(n)
const choice = (page: Page) => page.getByRole("region", { name: paymentMessages.choice.title })

describe("payments in the browser", () => {
  test("card through the test gateway: 'Оплатить' → 'Оплата получена' → the order is paid in the account", async () => {
    const orderId = await payableOrder()
    const { context, page } = await open(customer.jwt)
    try {
      await page.goto(`${h.server.url}/account/orders/${orderId}`)
      await choice(page).waitFor()
      expect(await choice(page).getByTestId("payment-amount").textContent()).toBe(rubles(amount))
      expect(await axeViolations(page)).toEqual([])
      await choice(page).getByRole("button", { name: paymentMessages.choice.card }).click()
      await page.waitForURL(/\/payment_gateway\/[0-9a-f-]{36}$/)
      await page.getByRole("heading", { level: 1, name: paymentMessages.gateway.title }).waitFor()
      await page.getByText(`№ ${orderId}`).waitFor()
      await page.getByText(rubles(amount)).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("button", { name: paymentMessages.gateway.pay, exact: true }).click()
      await page.waitForURL(/\/payment_result\/success\/[A-Za-z0-9_-]{32,}$/)
      await page.getByRole("heading", { level: 1, name: paymentMessages.result.successTitle }).waitFor()
      await page.getByText(`№ ${orderId}`).waitFor()
      expect(await axeViolations(page)).toEqual([])
      const resultUrl = page.url()

      await page.getByRole("link", { name: paymentMessages.result.toOrder }).click()
      await page.waitForURL(`${h.server.url}/account/orders/${orderId}`)
      await page.getByRole("heading", { level: 2, name: "Оплачена" }).waitFor()
      expect(await choice(page).count()).toBe(0)

      // A stranger opening the same outcome address sees the outcome only: no order, no amount.
      const stranger = await open()
      try {
        await stranger.page.goto(resultUrl)
        await stranger.page.getByRole("heading", { level: 1, name: paymentMessages.result.successTitle }).waitFor()
        await stranger.page.getByText(paymentMessages.result.genericSuccess).waitFor()
        const text = (await stranger.page.textContent("main")) ?? ""
        expect(text).not.toContain(String(orderId))
        expect(text).not.toContain(rubles(amount))
        // An id no payment has is a 404, from the server already.
        const unknown = await stranger.page.goto(`${h.server.url}/payment_result/success/${"A".repeat(32)}`)
        expect(unknown?.status()).toBe(404)
      } finally {
        await stranger.context.close()
      }
    } finally {
      await context.close()
    }
  })

  test("'Отказаться' → 'Оплата не прошла' with the way back to pay again", async () => {
    const orderId = await payableOrder()
    const { context, page } = await open(customer.jwt)
    try {
      await page.goto(`${h.server.url}/account/orders/${orderId}`)
      await choice(page).getByRole("button", { name: paymentMessages.choice.card }).click()
      await page.waitForURL(/\/payment_gateway\//)
      await page.getByRole("button", { name: paymentMessages.gateway.decline }).click()
      await page.waitForURL(/\/payment_result\/failure\//)
      await page.getByRole("heading", { level: 1, name: paymentMessages.result.failureTitle }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole("link", { name: paymentMessages.result.retry }).click()
      await page.waitForURL(`${h.server.url}/account/orders/${orderId}`)
      await choice(page).waitFor()
      expect((await db.kysely.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status).toBe("awaiting_payment")
    } finally {
      await context.close()
    }
  })

  test("back before the payment is confirmed: 'Ожидаем подтверждение оплаты', then the page sees it paid by itself", async () => {
    const orderId = await payableOrder()
    const created = await fetch(`${h.server.url}/api/v1/uc/payments/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${customer.jwt}` },
      body: JSON.stringify({ order_id: orderId, method: "card" }),
    })
    const { payment_id, confirmation_url } = (await created.json()) as { payment_id: string; confirmation_url: string }
    const { context, page } = await open(customer.jwt)
    try {
      await page.goto(`${h.server.url}/payment_result/success/${payment_id}`)
      await page.getByRole("heading", { level: 1, name: paymentMessages.result.pendingTitle }).waitFor()
      expect(await axeViolations(page)).toEqual([])
      // The confirmation arrives (the gateway's 'Оплатить' elsewhere); the page polls and shows it.
      await fetch(`${h.server.url}/api/v1${confirmation_url.replace("/payment_gateway/", "/uc/payment_gateway/")}/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action: "pay" }),
      })
      await page.getByRole("heading", { level: 1, name: paymentMessages.result.successTitle }).waitFor({ timeout: 10_000 })
    } finally {
      await context.close()
    }
  })

  test("an order partly paid before an edit: the page shows the price, what was paid and what is due; the card pays only the due", async () => {
    const orderId = await payableOrder()
    const first = await db.kysely.selectFrom("tariff_options").select(["id", "name", "kind", "price"]).where("id", "=", optionIds[0]!).executeTakeFirstOrThrow()
    const at = new Date().toISOString()
    // The payment made for the order before its second option was added, succeeded since.
    await db.kysely
      .insertInto("payments")
      .values({
        public_id: randomBytes(24).toString("base64url"),
        order_id: orderId,
        provider: "local",
        provider_payment_id: randomUUID(),
        idempotence_key: randomUUID(),
        amount: first.price,
        status: "succeeded",
        confirmation_url: null,
        paid_at: at,
        lines: JSON.stringify([{ option_id: String(first.id), name: first.name, kind: first.kind, amount: first.price }]),
        created_at: at,
        updated_at: at,
      })
      .execute()
    const due = amount - first.price
    const { context, page } = await open(customer.jwt)
    try {
      await page.goto(`${h.server.url}/account/orders/${orderId}`)
      await choice(page).waitFor()
      const fact = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]")
      expect(await fact(paymentMessages.balance.price).textContent()).toBe(rubles(amount))
      expect(await fact(paymentMessages.balance.paid).textContent()).toBe(rubles(first.price))
      expect(await fact(paymentMessages.balance.due).textContent()).toBe(rubles(due))
      expect(await choice(page).getByTestId("payment-amount").textContent()).toBe(rubles(due))
      expect(await axeViolations(page)).toEqual([])
      await choice(page).getByRole("button", { name: paymentMessages.choice.card }).click()
      await page.waitForURL(/\/payment_gateway\/[0-9a-f-]{36}$/)
      await page.getByText(rubles(due)).waitFor()
      await page.getByRole("button", { name: paymentMessages.gateway.pay, exact: true }).click()
      await page.getByRole("heading", { level: 1, name: paymentMessages.result.successTitle }).waitFor()
      await page.getByRole("link", { name: paymentMessages.result.toOrder }).click()
      await page.getByRole("heading", { level: 2, name: "Оплачена" }).waitFor()
      expect(await fact(paymentMessages.balance.due).textContent()).toBe(rubles(0))
      expect(await choice(page).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  test("'Счёт на оплату' offers the invoice's PDF", async () => {
    const orderId = await payableOrder()
    const { context, page } = await open(customer.jwt)
    try {
      await page.goto(`${h.server.url}/account/orders/${orderId}`)
      // Cancelled behind the open page: the card is refused with the reason, and the choice stays open.
      await choice(page).getByRole("button", { name: paymentMessages.choice.card }).waitFor()
      await db.kysely.updateTable("orders").set({ status: "cancelled" }).where("id", "=", orderId).execute()
      await choice(page).getByRole("button", { name: paymentMessages.choice.card }).click()
      await choice(page).getByRole("alert").getByText(paymentMessages.errors.notPayable).waitFor()
      expect(await choice(page).getByRole("button", { name: paymentMessages.choice.card }).isEnabled()).toBe(true)
      await db.kysely.updateTable("orders").set({ status: "awaiting_payment" }).where("id", "=", orderId).execute()
      await choice(page).getByRole("button", { name: paymentMessages.choice.invoice }).click()
      const download = choice(page).getByRole("button", { name: paymentMessages.choice.download })
      await download.waitFor()
      expect(await axeViolations(page)).toEqual([])
      const [file] = await Promise.all([page.waitForEvent("download"), download.click()])
      expect(file.suggestedFilename()).toMatch(/^Счёт № \d+-\d+\.pdf$/)
    } finally {
      await context.close()
    }
  })
})
