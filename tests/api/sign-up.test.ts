import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { individualApplicant } from "../support/order-applicant.ts"
import { linkParam, startSmtpSink, type SmtpSink } from "../support/smtp.ts"
import { lastSmsCode, newRegistration, signUpBody, type Registration } from "../support/users.ts"
import { call, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * Sign-up beside the form (docs/auth.md, "Registration"): the wizard's draft saved to the new account in
 * the same step, so a confirmation link opened on another device still leads back to the order; the
 * page to go back to, answered by the confirmation's info and by the confirmation, then forgotten.
 */

let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
const api = serverWithAdmin({ env: () => ({ SMTP_URL: smtp.url }) })

interface Lead {
  data: { id: string; attributes: { status: string; tariff_id: string | null; period: number | null; preset: string; values: Record<string, unknown> } } | null
}

const cat = { tariff: 0 }
beforeAll(async () => {
  const k = api.db().kysely
  const at = new Date().toISOString()
  const tariff = await k
    .insertInto("tariffs")
    .values({ name: `Для физлиц ${uniq()}`, purpose: "Для госуслуг", description: "<p>КЭП</p>", applicant_kinds: JSON.stringify(["individual_person"]), qualified: 1, position: 0, published: 1, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  await k.insertInto("tariff_options").values({ name: "Сертификат на 12 месяцев", kind: "certificate", tariff_id: tariff.id, period: 12, price: 1900, tooltip: null, often_buy: 0, position: 0, published: 1, created_at: at, updated_at: at }).execute()
  cat.tariff = tariff.id
})

/** What the wizard holds at its review step: the tariff, the applicant's data typed so far. */
const wizardDraft = () => ({ applicant_kind: "individual_person", tariff_id: String(cat.tariff), period: 12, ...individualApplicant({ passport: "" }) })

const signUp = async (r: Registration, extra: Record<string, unknown> = {}) => call<{ message: string }>(api.url, "POST", "/api/v1/users/", { json: await signUpBody(api.url, r, extra) })
const userRow = (email: string) => api.db().kysely.selectFrom("users").select(["id", "return_to", "confirmed_at"]).where("email", "=", email).executeTakeFirstOrThrow()
const ordersOf = async (userId: number) => api.db().kysely.selectFrom("orders").select(["id", "status"]).where("user_id", "=", userId).execute()
const tokenOf = async (email: string) => linkParam((await smtp.waitFor((m) => m.to === email)).text, "confirmation_token")!

/** The confirmation as the visitor goes through it: the code by SMS, then the link's token with the code. */
async function confirm(r: Registration, token: string) {
  expect((await call(api.url, "POST", "/api/v1/phone_codes/", { json: { confirmation_token: token } })).status).toBe(201)
  const ok = await call<{ jwt: string; return_to: string | null; id: string }>(api.url, "POST", "/api/v1/users/confirmation/", { json: { confirmation_token: token, phone_code: lastSmsCode(api.dataDir, r.mobile_phone) } })
  expect(ok.status, ok.text).toBe(200)
  return ok.body
}

describe("sign-up with the wizard's draft and the page to go back to", () => {
  it("stores the draft on the new account; after the confirmation (another device) leads/draft answers it and the confirmation answers return_to once", async () => {
    const r = newRegistration()
    const back = "/orders/new?step=review"
    const a = await signUp(r, { return_to: back, order: wizardDraft() })
    expect([a.status, a.body]).toEqual([201, { message: messages.accounts.registered }])
    const user = await userRow(r.email)
    expect(user).toMatchObject({ return_to: back, confirmed_at: null })
    expect(await ordersOf(user.id)).toMatchObject([{ status: "draft" }])

    // Another device has nothing but the link of the letter.
    const token = await tokenOf(r.email)
    const info = await call<{ data: Record<string, unknown> }>(api.url, "GET", `/api/v1/users/info/?confirmation_token=${token}`)
    expect(info.body.data).toMatchObject({ email: r.email, return_to: back })
    const confirmed = await confirm(r, token)
    expect(confirmed).toMatchObject({ id: String(user.id), return_to: back, jwt: expect.any(String) })

    const draft = await call<Lead>(api.url, "GET", "/api/v1/uc/leads/draft/", { token: confirmed.jwt })
    expect(draft.body.data?.attributes).toMatchObject({ status: "draft", tariff_id: String(cat.tariff), period: 12, preset: "order_cert_individual_person" })
    expect(draft.body.data?.attributes.values).toMatchObject({ last_name: "Иванов", first_name: "Иван", inn: "500100732259", snils: "112-233-445 95" })

    // Answered once: the row forgets it with the confirmation.
    expect((await userRow(r.email)).return_to).toBeNull()
  })

  it("without return_to or order: the confirmation answers return_to null and there is no draft", async () => {
    const r = newRegistration()
    expect((await signUp(r)).status).toBe(201)
    const token = await tokenOf(r.email)
    expect((await call<{ data: Record<string, unknown> }>(api.url, "GET", `/api/v1/users/info/?confirmation_token=${token}`)).body.data.return_to).toBeNull()
    const confirmed = await confirm(r, token)
    expect(confirmed.return_to).toBeNull()
    expect((await call<Lead>(api.url, "GET", "/api/v1/uc/leads/draft/", { token: confirmed.jwt })).body).toEqual({ data: null })
  })

  it("a draft that does not read, or is not an object, is left out: the account is made all the same, never a 422", async () => {
    const orders: unknown[] = [
      { applicant_kind: "nobody" },
      { applicant_kind: "individual_person", tariff_id: String(cat.tariff), period: 12, inn: "123", last_name: "Ivanov" },
      { applicant_kind: "individual_person", tariff_id: { $gt: 0 }, options: "all", passport_date: [1] },
      "order",
      [wizardDraft()],
      null,
    ]
    for (const order of orders) {
      const r = newRegistration()
      const a = await signUp(r, { order })
      expect([a.status, a.body], JSON.stringify(order)).toEqual([201, { message: messages.accounts.registered }])
      expect(await ordersOf((await userRow(r.email)).id), JSON.stringify(order)).toEqual([])
    }
  })

  it("a return_to that is not a page of the site, or not a string, is dropped without an error", async () => {
    for (const return_to of ["/no/such/page", "/users/sign_in", "/crm/orders", 42, { path: "/price" }, `/${"x".repeat(600)}`]) {
      const r = newRegistration()
      expect((await signUp(r, { return_to })).status, JSON.stringify(return_to)).toBe(201)
      expect((await userRow(r.email)).return_to, JSON.stringify(return_to)).toBeNull()
    }
    // A page of the route table is kept (the checks above are not vacuous).
    const r = newRegistration()
    expect((await signUp(r, { return_to: "/price" })).status).toBe(201)
    expect((await userRow(r.email)).return_to).toBe("/price")
  })
})
