import { Hono } from "hono"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadConfig } from "../../server/config.ts"
import type { Db } from "../../server/db/index.ts"
import { createDeps } from "../../server/lib/deps.ts"
import type { AppEnv } from "../../server/lib/env.ts"
import { HttpError } from "../../server/lib/http.ts"
import { orderRoutes } from "../../server/routes/orders.ts"
import type { QesApplicant, QesVerifier } from "../../server/services/qes.ts"
import { startTestServer, TEST_JWT_SECRET, type TestServer } from "../support/server.ts"
import { DEMO_USER, signInUser, testDb } from "../support/users.ts"

/**
 * The qualified-signature seam (server/services/qes.ts): the order routes with another verifier, as
 * the trust issue will plug in. A refused signature stops the submit with a 422 and stores nothing; a
 * verified one passes its note to the history. (The default's 'unavailable': tests/api/orders.test.ts.)
 */
let server: TestServer
let db: Db
let token = ""
const asked: QesApplicant[] = []
let verdict: "verified" | "rejected" = "rejected"
const verifier: QesVerifier = {
  verifyApplicant: async (a) => {
    asked.push(a)
    return verdict === "rejected" ? { status: "rejected", note: "Сертификат подписи отозван" } : { status: "verified", note: "Подпись проверена" }
  },
}
let app: Hono<AppEnv>

beforeAll(async () => {
  server = await startTestServer()
  db = testDb(server.dataDir)
  token = (await signInUser(server.url, DEMO_USER.email)).jwt
  app = new Hono<AppEnv>({ strict: false })
  orderRoutes(app, createDeps(db, loadConfig({ DATA_DIR: server.dataDir, JWT_SECRET: TEST_JWT_SECRET })), verifier)
  app.onError((err, c) => (err instanceof HttpError ? c.json(err.body, err.status) : c.json({ message: String(err) }, 500)))
})
afterAll(async () => {
  await db?.kysely.destroy()
  await server?.close()
})

async function orderOfExtras() {
  const options = (await (await fetch(`${server.url}/api/v1/uc/options/`)).json()) as { data: { id: string; attributes: { kind: string } }[] }
  const extra = options.data.find((o) => o.attributes.kind !== "certificate")!
  return {
    applicant_kind: "individual_person",
    options: [extra.id],
    identification: "remote",
    last_name: "Иванов",
    first_name: "Иван",
    inn: "500100732259",
    snils: "112-233-445 95",
    passport: "4510 123456",
    passport_date: "15.05.2010",
    passport_issuer: "ОУФМС России по г. Москве",
    passport_division_code: "770-001",
    birth_date: "01.02.1990",
    birth_place: "г. Москва",
    code_word: "KOD2026",
    registration_address: "г Москва, ул Тверская, д 1",
    email: "ivanov@example.ru",
    phone: "+7 (999) 123-45-67",
    data_correct: true,
    regulations_accepted: true,
    offer_accepted: true,
    submit: true,
  }
}

const post = (body: unknown) =>
  app.request("/api/v1/uc/leads/", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })
const count = async () => Number((await db.kysely.selectFrom("orders").select((e) => e.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)

describe("remote identification by an existing qualified signature", () => {
  it("a refused signature: 422 on the identification with the check's message, nothing stored; the verifier got the holder's numbers", async () => {
    verdict = "rejected"
    const before = await count()
    const res = await post(await orderOfExtras())
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ errors: { identification: ["Сертификат подписи отозван"] } })
    expect(await count()).toBe(before)
    expect(asked.at(-1)).toMatchObject({ snils: "112-233-445 95", inn: "500100732259", fullName: "Иванов Иван" })
  })

  it("a verified signature: the order is submitted with the check's note in its history", async () => {
    verdict = "verified"
    const res = await post(await orderOfExtras())
    expect(res.status).toBe(201)
    const { data } = (await res.json()) as { data: { id: string; attributes: { status: string } } }
    expect(data.attributes.status).toBe("new")
    const event = await db.kysely.selectFrom("order_events").select(["note"]).where("order_id", "=", Number(data.id)).where("to_status", "=", "new").executeTakeFirstOrThrow()
    expect(event.note).toBe("Подпись проверена")
  })
})
