import { beforeAll, describe, expect, it } from "vitest"
import { qesMessages as q } from "../../schemas/messages/qes.ts"
import { DEMO_DIRECTOR, DEMO_USER, signInUser } from "../support/users.ts"
import { issue, signText, unqualified } from "./orders-qes-certificates.ts"
import { individualApplicant, ORDER_CONFIRMATIONS } from "../support/order-applicant.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * Remote identification by an existing qualified signature (docs/orders.md): the submit notes that the
 * applicant signs in the account; the applicant signs a `qes` challenge naming the order; the real
 * verifier (server/services/qes-verifier.ts) checks the CMS, the chain to the demo CA (a trusted root
 * of the test database), the certificate qualified and the holder the applicant. Certificates issued
 * by the demo CA for each case (orders-qes-certificates.ts).
 */
const api = serverWithAdmin()
let owner = ""
let other = ""

beforeAll(async () => {
  owner = (await signInUser(api.url, DEMO_USER.email)).jwt
  other = (await signInUser(api.url, DEMO_DIRECTOR.email)).jwt
})

const ivanov = { surname: "Иванов", givenNames: "Иван Иванович", snils: "12345678964", inn: "500100732259" }

async function call<T = Record<string, unknown>>(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(api.url + path, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const text = await res.text()
  return { status: res.status, text, body: (text ? JSON.parse(text) : null) as T }
}

/** A submitted remote order of options for the existing signature (order_option_individual_person). */
async function newOrder(person: Record<string, string> = {}): Promise<number> {
  const options = (await (await fetch(`${api.url}/api/v1/uc/options/`)).json()) as { data: { id: string; attributes: { kind: string } }[] }
  const extra = options.data.find((o) => o.attributes.kind !== "certificate")!
  const res = await call<{ data: { id: string; attributes: { status: string } } }>("POST", "/api/v1/uc/leads/", owner, {
    applicant_kind: "individual_person",
    options: [extra.id],
    identification: "remote",
    ...individualApplicant({ snils: "123-456-789 64", ...person }),
    ...ORDER_CONFIRMATIONS,
    submit: true,
  })
  if (res.status !== 201) throw new Error(res.text)
  expect(res.body.data.attributes.status).toBe("new")
  return Number(res.body.data.id)
}

const challenge = async (id: number) => {
  const res = await call<{ data: { id: string; nonce: string } }>("POST", `/api/v1/uc/leads/${id}/qes/challenge/`, owner)
  expect(res.status, res.text).toBe(201)
  return res.body.data
}
const sign = (id: number, body: unknown, token = owner) => call<{ errors?: Record<string, string[]>; data?: { verified: { serial: string } | null } }>("POST", `/api/v1/uc/leads/${id}/qes/`, token, body)
const events = (id: number) => api.db().kysely.selectFrom("order_events").select(["from_status", "to_status", "note"]).where("order_id", "=", id).orderBy("id").execute()
const stateOf = async (id: number) => (await call<{ data: { required: boolean; signable: boolean; verified: { serial: string } | null } }>("GET", `/api/v1/uc/leads/${id}/qes/`, owner)).body.data

describe("remote identification by an existing qualified signature", () => {
  it("the submit notes the signature is due in the account; the applicant's own qualified certificate verifies it, once", async () => {
    const id = await newOrder()
    expect((await events(id)).at(-1)?.note).toBe(q.submitNote)
    expect(await stateOf(id)).toEqual({ required: true, signable: true, verified: null })
    const ch = await challenge(id)
    expect(ch.nonce.startsWith(`Заявление на выпуск сертификата по заказу № ${id}. Одноразовый код: `)).toBe(true)
    const cert = issue(ivanov)
    const res = await sign(id, { challenge_id: ch.id, signature: signText(cert, ch.nonce) })
    expect(res.status, res.text).toBe(200)
    const state = await stateOf(id)
    expect(state).toMatchObject({ required: true, signable: false })
    const last = (await events(id)).at(-1)!
    expect(last).toMatchObject({ from_status: "new", to_status: "new" })
    expect(last.note).toMatch(new RegExp(`^Заявитель подписал заявление квалифицированной подписью: Иванов Иван Иванович, сертификат № ${state.verified!.serial}, выдан Демонстрационный УЦ .*, действует до \\d\\d\\.\\d\\d\\.\\d{4}$`))
    expect(last.note).not.toMatch(/12345678964|500100732259/)
    // Verified: no second signature, no new challenge.
    expect((await sign(id, { challenge_id: ch.id, signature: signText(cert, ch.nonce) })).body.errors).toEqual({ signature: [q.api.alreadyVerified] })
    expect((await call("POST", `/api/v1/uc/leads/${id}/qes/challenge/`, owner)).status).toBe(422)
  })

  it("another person's certificate, a surname that differs, a non-qualified one, a changed text, an expired one: 422 under signature, nothing recorded", async () => {
    const id = await newOrder()
    const before = (await events(id)).length
    const cases: [Uint8Array, string, string][] = [
      [issue({ surname: "Петров", givenNames: "Пётр Петрович", snils: "11223344595", inn: "772345678901" }), "", q.api.otherPerson],
      [issue({ ...ivanov, surname: "Иваненко" }), "", q.api.otherPerson],
      [unqualified(issue(ivanov)), "", q.api.notQualified],
      [issue(ivanov), " (изменено)", q.api.invalid],
      [issue(ivanov, { from: -30, to: -1 }), "", q.api.expired],
    ]
    for (const [cert, tamper, reason] of cases) {
      const ch = await challenge(id)
      const res = await sign(id, { challenge_id: ch.id, signature: signText(cert, ch.nonce + tamper) })
      expect(res.status, res.text).toBe(422)
      expect(res.body.errors).toEqual({ signature: [reason] })
    }
    const ch = await challenge(id)
    expect((await sign(id, { challenge_id: ch.id, signature: Buffer.from("не подпись").toString("base64") })).body.errors).toEqual({ signature: [q.api.notCms] })
    expect((await events(id)).length).toBe(before)
    expect((await stateOf(id)).verified).toBeNull()
  })

  it("the surname compares without case and ё", async () => {
    const id = await newOrder({ last_name: "Семёнов" })
    const ch = await challenge(id)
    const res = await sign(id, { challenge_id: ch.id, signature: signText(issue({ ...ivanov, surname: "СЕМЕНОВ" }), ch.nonce) })
    expect(res.status, res.text).toBe(200)
  })

  it("a challenge serves once: reused after a refusal it is refused under challenge_id", async () => {
    const id = await newOrder()
    const ch = await challenge(id)
    const wrong = await sign(id, { challenge_id: ch.id, signature: signText(issue(ivanov), ch.nonce + "!") })
    expect(wrong.status).toBe(422)
    const again = await sign(id, { challenge_id: ch.id, signature: signText(issue(ivanov), ch.nonce) })
    expect(again.status).toBe(422)
    expect(Object.keys(again.body.errors ?? {})).toEqual(["challenge_id"])
    // A challenge of another order of the same customer names that order: refused here.
    const second = await newOrder()
    const foreign = await challenge(second)
    const res = await sign(id, { challenge_id: foreign.id, signature: signText(issue(ivanov), foreign.nonce) })
    expect(res.body.errors).toEqual({ challenge_id: [q.api.wrongOrder] })
    expect((await stateOf(id)).verified).toBeNull()
  })

  it("another customer's order is a 404; anonymous is a 401; an order not identified by signature refuses", async () => {
    const id = await newOrder()
    expect((await call("GET", `/api/v1/uc/leads/${id}/qes/`, other)).status).toBe(404)
    expect((await call("POST", `/api/v1/uc/leads/${id}/qes/challenge/`, other)).status).toBe(404)
    expect((await sign(id, { challenge_id: "1", signature: "x" }, other)).status).toBe(404)
    expect((await fetch(`${api.url}/api/v1/uc/leads/${id}/qes/`)).status).toBe(401)
    // The same order identified in an office: nothing to sign.
    await api.db().kysely.updateTable("orders").set({ identification: "office" }).where("id", "=", id).execute()
    expect(await stateOf(id)).toMatchObject({ required: false, signable: false })
    expect((await call("POST", `/api/v1/uc/leads/${id}/qes/challenge/`, owner)).body).toEqual({ errors: { signature: [q.api.notRequired] } })
  })
})
