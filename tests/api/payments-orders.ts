import type { Db } from "../../server/db/index.ts"
import { individualApplicant, ORDER_CONFIRMATIONS } from "../support/order-applicant.ts"
import { newRegistration, signInUser, signUpBody } from "../support/users.ts"
import type { ApiServer, Caller } from "./helpers.ts"
import { uniq } from "./helpers.ts"

/**
 * Orders placed and changed the way a customer does it, through the order API: this file's own
 * catalogue (a tariff with a 2 500 ₽ certificate and three extras of 24 900 ₽ together, one of them a
 * CryptoPro licence, which the 'paid' hook issues), an office, and the complete body of an individual
 * person's in-person order.
 */
export interface PaymentCatalogue {
  readonly tariff: number
  /** 2 500 ₽, 12 months. */
  readonly cert: number
  /** 2 400 ₽ token, 2 700 ₽ licence, 19 800 ₽ setup: 24 900 ₽ together. */
  readonly token: number
  readonly licence: number
  readonly setup: number
  readonly office: number
}

export const PRICES = { cert: 2500, token: 2400, licence: 2700, setup: 19800 } as const
/** The certificate alone, and with every extra. */
export const SMALL = PRICES.cert
export const LARGE = PRICES.cert + PRICES.token + PRICES.licence + PRICES.setup

export async function seedPaymentCatalogue(db: Db): Promise<PaymentCatalogue> {
  const k = db.kysely
  const at = new Date().toISOString()
  const tag = uniq()
  const tariff = await k
    .insertInto("tariffs")
    .values({ name: `Тендер ${tag}`, purpose: "Для участников закупок по 44-ФЗ", description: "<p>КЭП</p>", applicant_kinds: JSON.stringify(["legal_entity", "entrepreneur", "individual_person"]), qualified: 1, position: 0, published: 1, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  const option = async (name: string, kind: string, tariffId: number | null, period: number | null, price: number) =>
    (
      await k
        .insertInto("tariff_options")
        .values({ name: `${name} ${tag}`, kind, tariff_id: tariffId, period, price, tooltip: null, often_buy: 0, position: 0, published: 1, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id
  const city = await k.insertInto("cities").values({ name: `Город ${tag}`, slug: `city-${tag}`, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
  const office = await k
    .insertInto("offices")
    .values({ company: "uc", city_id: city.id, name: `Офис ${tag}`, address: "ул. Ленина, 1", hours: "пн–пт 9:00–18:00", phone: "+74950000000", email: null, metro: null, position: 0, published: 1, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  return {
    tariff: tariff.id,
    cert: await option("Сертификат КЭП для торгов", "certificate", tariff.id, 12, PRICES.cert),
    token: await option("Рутокен ЭЦП 3.0", "token", null, null, PRICES.token),
    licence: await option("Лицензия КриптоПро CSP", "license", null, 12, PRICES.licence),
    setup: await option("Настройка рабочего места", "setup", null, null, PRICES.setup),
    office: office.id,
  }
}

/** A new customer of the test's own, confirmed in the database and signed in: calls as them, their id and e-mail. */
export async function freshCustomer(api: ApiServer): Promise<{ caller: Caller; token: string; id: number; email: string }> {
  const reg = newRegistration()
  const a = await api.anonymous("POST", "/api/v1/users/", { json: await signUpBody(api.url, reg) })
  if (a.status !== 201) throw new Error(`registration failed: ${a.status} ${a.text}`)
  const user = await api.db().kysely.updateTable("users").set({ confirmed_at: new Date().toISOString() }).where("email", "=", reg.email).returning("id").executeTakeFirstOrThrow()
  const signed = await signInUser(api.url, reg.email, reg.password)
  return { caller: api.as(signed.jwt), token: signed.jwt, id: Number(user.id), email: reg.email }
}

/** A complete individual person's in-person order of the certificate and the given extras. */
export const orderBody = (cat: PaymentCatalogue, extras: readonly number[] = []) => ({
  applicant_kind: "individual_person",
  tariff_id: String(cat.tariff),
  period: 12,
  options: extras.map(String),
  ...individualApplicant(),
  identification: "office",
  office_id: String(cat.office),
})

export const allExtras = (cat: PaymentCatalogue) => [cat.token, cat.licence, cat.setup]

/** Places and submits an order as the customer does ('new'); its id. */
export async function placeOrder(customer: Caller, cat: PaymentCatalogue, extras: readonly number[] = []): Promise<number> {
  const a = await customer<{ data: { id: string; attributes: { amount: number; status: string } } }>("POST", "/api/v1/uc/leads/", { json: { ...orderBody(cat, extras), ...ORDER_CONFIRMATIONS, submit: true } })
  if (a.status !== 201) throw new Error(`placeOrder: ${a.status} ${a.text}`)
  return Number(a.body.data.id)
}

/** The customer changes the order's extras (PUT, the wizard's edit). */
export const editOrder = (customer: Caller, cat: PaymentCatalogue, orderId: number, extras: readonly number[]) =>
  customer<{ data: { attributes: { amount: number; status: string } } }>("PUT", `/api/v1/uc/leads/${orderId}/`, { json: orderBody(cat, extras) })

export interface Created {
  readonly payment_id: string
  readonly amount: number
  readonly confirmation_url?: string
  readonly document?: { name: string; url: string }
}
export const createPayment = (customer: Caller, orderId: number, method: "card" | "invoice") => customer<Created>("POST", "/api/v1/uc/payments/", { json: { order_id: orderId, method } })

/** What the database holds of an order's money after an attack: the status, the price, what succeeded, the licences issued. */
export async function moneyOf(db: Db, orderId: number) {
  const k = db.kysely
  const order = await k.selectFrom("orders").select(["status", "amount"]).where("id", "=", orderId).executeTakeFirstOrThrow()
  const payments = await k.selectFrom("payments").select(["id", "provider", "amount", "status"]).where("order_id", "=", orderId).orderBy("id").execute()
  const licences = await k.selectFrom("licences").select("id").where("order_id", "=", orderId).execute()
  const succeeded = payments.filter((p) => p.status === "succeeded").reduce((s, p) => s + Number(p.amount), 0)
  return { status: order.status, price: Number(order.amount), succeeded, licences: licences.length, payments }
}
