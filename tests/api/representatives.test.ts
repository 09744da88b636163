import { beforeAll, describe, expect, it } from "vitest"
import { DEMO_DIRECTOR, DEMO_USER, directorToken, lastSmsCode, signInUser } from "../support/users.ts"
import { call, errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { otherDirector, userIdOf } from "./services-fixtures.ts"

interface Rep {
  id: string
  type: string
  attributes: Record<string, unknown>
}

const api = serverWithAdmin()
let director = ""
let directorLevel1 = ""
let user = ""
let romashka = ""
let other: { jwt: string; legalPersonId: number }

const valid = (overrides: Record<string, unknown> = {}) => ({
  legal_person_id: romashka,
  last_name: "Петрова",
  first_name: "Мария",
  middle_name: "Сергеевна",
  position: "Главный бухгалтер",
  email: "M.Petrova@Romashka.ru",
  phone: "8 (916) 111-22-33",
  snils: "112-233-445 95",
  agreement: true,
  ...overrides,
})
const path = "/api/v1/lk/representatives/"
const create = (body: unknown, token = director) => call<{ data: Rep }>(api.url, "POST", path, { token, json: body })
const count = async () => Number((await api.db().kysely.selectFrom("representatives").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)

beforeAll(async () => {
  director = await directorToken(api.url, api.dataDir)
  directorLevel1 = (await signInUser(api.url, DEMO_DIRECTOR.email)).jwt
  user = (await signInUser(api.url, DEMO_USER.email)).jwt
  const lp = await api.db().kysely.selectFrom("legal_persons").select("id").where("director_user_id", "=", await userIdOf(api.db(), DEMO_DIRECTOR.email)).executeTakeFirstOrThrow()
  romashka = String(lp.id)
  other = await otherDirector(api.url, api.dataDir, api.db())
})

describe("/api/v1/lk/representatives/", () => {
  it("creates, lists (SNILS masked), reads (SNILS whole), edits and deletes a representative of the director's legal person", async () => {
    const a = await create(valid())
    expect(a.status).toBe(201)
    const id = a.body.data.id
    expect(a.body.data).toMatchObject({
      type: "representative",
      attributes: { legal_person_id: romashka, legal_person_name: "ООО «Ромашка»", last_name: "Петрова", email: "m.petrova@romashka.ru", phone: "+79161112233", phone_confirmed: false, snils_masked: "***-***-*** 95", snils: "11223344595" },
    })
    const list = await call<{ data: Rep[] }>(api.url, "GET", `${path}?legal_person_id=${romashka}`, { token: director })
    expect(list.status).toBe(200)
    const listed = list.body.data.find((r) => r.id === id)
    expect(listed?.attributes.snils_masked).toBe("***-***-*** 95")
    expect(JSON.stringify(list.body)).not.toContain("11223344595")
    const read = await call<{ data: Rep }>(api.url, "GET", `${path}${id}/`, { token: director })
    expect(read.body.data.attributes.snils).toBe("11223344595")
    const put = await call<{ data: Rep }>(api.url, "PUT", `${path}${id}/`, { token: director, json: valid({ position: "Заместитель директора", snils: "" }) })
    expect(put.status).toBe(200)
    expect(put.body.data.attributes).toMatchObject({ position: "Заместитель директора", snils: null, snils_masked: null })
    expect((await call(api.url, "DELETE", `${path}${id}/`, { token: director })).status).toBe(204)
    expect((await call(api.url, "GET", `${path}${id}/`, { token: director })).status).toBe(404)
  })

  it("answers 422 with the preset's messages and stores nothing; another's legal person is not a choice", async () => {
    const before = await count()
    const a = await create({ legal_person_id: "", last_name: "Smith", first_name: "", position: "", email: "нет", phone: "+7 (916)", snils: "11223344500" })
    expect(a.status).toBe(422)
    expect(errorsOf(a)).toEqual({
      legal_person_id: ["Обязательно для заполнения"],
      last_name: [expect.any(String)],
      first_name: ["Обязательно для заполнения"],
      position: ["Обязательно для заполнения"],
      email: ["Укажите верный email"],
      phone: ["Укажите корректный номер телефона"],
      snils: [expect.any(String)],
    })
    const b = await create(valid({ legal_person_id: String(other.legalPersonId) }))
    expect([b.status, errorsOf(b)]).toEqual([422, { legal_person_id: ["Выберите организацию из списка"] }])
    expect(await count()).toBe(before)
  })

  it("is director level only, and only for the director's own legal persons (another's is 404)", async () => {
    const mine = (await create(valid())).body.data.id
    expect((await call(api.url, "GET", path)).status).toBe(401)
    expect((await call(api.url, "GET", path, { token: user })).status).toBe(403)
    expect((await call(api.url, "GET", path, { token: directorLevel1 })).status).toBe(403)
    expect((await create(valid(), directorLevel1)).status).toBe(403)
    for (const [method, json] of [["GET", undefined], ["PUT", valid()], ["DELETE", undefined]] as const) {
      expect((await call(api.url, method, `${path}${mine}/`, { token: other.jwt, ...(json ? { json } : {}) })).status, method).toBe(404)
    }
    const theirs = await call<{ data: Rep[] }>(api.url, "GET", path, { token: other.jwt })
    expect(theirs.body.data.map((r) => r.id)).not.toContain(mine)
    expect((await call(api.url, "GET", `${path}?legal_person_id=${romashka}`, { token: other.jwt })).status).toBe(404)
    expect((await call(api.url, "GET", `${path}123abc/`, { token: director })).status).toBe(404)
    const stillThere = await call<{ data: Rep }>(api.url, "GET", `${path}${mine}/`, { token: director })
    expect(stillThere.body.data.attributes.last_name).toBe("Петрова")
  })
})

describe("the representative's phone confirmed by SMS", () => {
  it("sends the code to the representative's phone, refuses a wrong code, confirms with the right one; a new phone is unconfirmed again", async () => {
    const rep = (await create(valid({ phone: "+7 916 222-33-44" }))).body.data
    const confirm = (code: string, token = director) => call<{ data: Rep }>(api.url, "POST", `${path}${rep.id}/confirm_phone/`, { token, json: { phone_code: code } })
    const sent = await call<{ data: { phone: string; expires_in: number } }>(api.url, "POST", "/api/v1/phone_codes/", { token: director, json: { purpose: "representative", representative_id: rep.id } })
    expect(sent.status).toBe(201)
    expect(sent.body.data.phone).toBe("+7 (9**) ***-**-44")
    const code = lastSmsCode(api.dataDir, "+79162223344")
    const wrong = code === "000000" ? "111111" : "000000"
    expect(errorsOf(await confirm(wrong))).toEqual({ phone_code: ["Неверный код из SMS"] })
    expect(errorsOf(await confirm("12"))).toEqual({ phone_code: [expect.any(String)] })
    // Another director can neither send a code to it nor confirm it.
    expect((await call(api.url, "POST", "/api/v1/phone_codes/", { token: other.jwt, json: { purpose: "representative", representative_id: rep.id } })).status).toBe(404)
    expect((await confirm(code, other.jwt)).status).toBe(404)
    expect((await call(api.url, "POST", "/api/v1/phone_codes/", { token: directorLevel1, json: { purpose: "representative", representative_id: rep.id } })).status).toBe(403)
    const ok = await confirm(code)
    expect(ok.status).toBe(200)
    expect(ok.body.data.attributes.phone_confirmed).toBe(true)
    // Single use.
    expect((await confirm(code)).status).toBe(422)
    const same = await call<{ data: Rep }>(api.url, "PUT", `${path}${rep.id}/`, { token: director, json: valid({ phone: "+79162223344", position: "Юрист" }) })
    expect(same.body.data.attributes.phone_confirmed).toBe(true)
    const moved = await call<{ data: Rep }>(api.url, "PUT", `${path}${rep.id}/`, { token: director, json: valid({ phone: "+79165556677" }) })
    expect(moved.body.data.attributes.phone_confirmed).toBe(false)
  })
})
