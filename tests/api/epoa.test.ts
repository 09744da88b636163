import { randomInt } from "node:crypto"
import { readFileSync } from "node:fs"
import { beforeAll, describe, expect, it } from "vitest"
import { completeInn12, completeSnils } from "../../schemas/rules/check-digits.ts"
import { epoasForRepresentative } from "../../server/services/epoa/registry.ts"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import { solveCaptcha } from "../support/captcha.ts"
import { DEMO_USER, directorToken, improveSession, registerUser, signInUser } from "../support/users.ts"
import { draftEpoa, signedEpoa } from "./epoa-signing.ts"
import { shortDay } from "../../schemas/dates.ts"
import { call, errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { upload } from "./multipart.ts"

interface EpoaAnswer {
  data: {
    id: string
    type: "epoa"
    attributes: {
      number: string
      status: string
      status_label: string
      valid_until: string
      principal: { name: string; inn: string; ogrn: string | null; signatory: string | null }
      representative: { name: string; snils: string | null; inn: string | null }
      powers: { code: string | null; name: string }[]
      revoked_at: string | null
    }
  } | null
}

const api = serverWithAdmin()
let operator = ""
let editor = ""
let director = ""

const fixture = (name: string) => readFileSync(new URL(`../fixtures/epoa/${name}`, import.meta.url))
const captcha = async () => {
  const a = await call<ChallengeAnswer>(api.url, "GET", "/api/v1/captcha/")
  return { id: a.body.id, answer: await solveCaptcha(a.body) }
}
const parts = (xml: Buffer | string, signature: Buffer | string, extra: { name: string; data: string }[] = []) => [
  { name: "file", filename: "doverennost.xml", contentType: "application/xml", data: xml },
  { name: "signature", filename: "doverennost.xml.sig", data: signature },
  ...extra,
]
const crmUpload = (token: string, xml: Buffer | string, signature: Buffer | string) => upload<EpoaAnswer & { errors?: Record<string, string[]> }>(`${api.url}/api/v2/crm/epoas/upload/`, token, parts(xml, signature))
const lkUpload = (token: string, xml: Buffer | string, signature: Buffer | string, extra: { name: string; data: string }[] = []) =>
  upload<EpoaAnswer & { errors?: Record<string, string[]> }>(`${api.url}/api/v1/lk/epoas/`, token, parts(xml, signature, extra))
/** Whether the registry holds these numbers (on PostgreSQL the test files share one database: no global counts). */
const stored = async (...numbers: string[]) => (await api.db().kysely.selectFrom("epoas").select("number").where("number", "in", numbers).execute()).length
const PUBLIC_NUMBER = "c61a40df-d38f-4800-9ba4-61a2df016993"
let revokedByDirector = ""
const byPrincipal = async (body: Record<string, unknown>) => call<EpoaAnswer>(api.url, "POST", "/api/v1/epoa/search/principal/", { json: { captcha: await captcha(), ...body } })
const byRepresentative = async (body: Record<string, unknown>) => call<EpoaAnswer>(api.url, "POST", "/api/v1/epoa/search/representative/", { json: { captcha: await captcha(), ...body } })

/** Another confirmed director at level 2, of another company. */
async function otherDirector(): Promise<string> {
  const r = await registerUser(api.url, api.db())
  const at = new Date().toISOString()
  await api.db().kysely.updateTable("users").set({ confirmed_at: at }).where("email", "=", r.email).execute()
  await api.db().kysely.insertInto("legal_persons").values({ name: "ООО «Василёк»", inn: "7736050003", kpp: "773601001", ogrn: "1027700070518", director_user_id: Number(r.id), created_at: at, updated_at: at }).execute()
  const signedIn = await signInUser(api.url, r.email, r.password)
  return improveSession(api.url, api.dataDir, signedIn.jwt, r.password, r.mobile_phone)
}

beforeAll(async () => {
  operator = await api.staff("operator")
  editor = await api.staff("editor")
  director = await directorToken(api.url, api.dataDir)
})

describe("uploads by staff", () => {
  it("an operator uploads an МЧД with the director's detached signature: stored parsed, the signature's report kept", async () => {
    const { draft, xml, signature } = signedEpoa()
    const a = await crmUpload(operator, xml, signature)
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    const row = await api.db().kysely.selectFrom("epoas").selectAll().where("number", "=", draft.number).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      format_version: "EMCHD_1",
      principal_org: "ООО «Ромашка»",
      principal_inn: "7707083893",
      principal_ogrn: "1027700132195",
      principal_kpp: "773601001",
      signatory_name: "Петров Пётр Петрович",
      representative_name: "Иванов Иван Иванович",
      representative_snils: "12345678964",
      representative_inn: "500100732259",
      issued_on: "2026-06-01",
      valid_from: "2026-06-01",
      valid_until: "2031-06-01",
      status: "active",
    })
    expect(JSON.parse(row.powers)).toHaveLength(3)
    expect(JSON.parse(row.signature_report)).toMatchObject({ valid: true, detached: true })
    expect(Buffer.from(row.signature, "base64").equals(signature)).toBe(true)
    // The record, its files and the audit entry in the CRM.
    const listed = await call<{ data: { id: string }[] }>(api.url, "GET", `/api/v2/crm/epoas/?q=${draft.number}`, { token: operator })
    expect(listed.body.data).toHaveLength(1)
    const id = listed.body.data[0]!.id
    const xmlBack = await call(api.url, "GET", `/api/v2/crm/epoas/${id}/xml/`, { token: operator })
    expect(xmlBack.text).toContain(draft.number)
    const sigBack = await fetch(`${api.url}/api/v2/crm/epoas/${id}/sig/`, { headers: { authorization: `Bearer ${operator}` } })
    expect(Buffer.from(await sigBack.arrayBuffer()).equals(signature)).toBe(true)
  })

  it("a signature in Base64 text is accepted too; a windows-1251 file is checked by its own bytes", async () => {
    const cp1251 = fixture("demo-windows-1251.xml")
    const { signCms } = await import("../../server/services/pki/cms.ts")
    const { demoSigner } = await import("./epoa-signing.ts")
    const sig = Buffer.from(signCms(new Uint8Array(cp1251), demoSigner("director-romashka"), { detached: true })).toString("base64")
    await api.db().kysely.deleteFrom("epoas").where("number", "=", "5e0c7a1b-2f43-4d8e-9b61-7c2a9d3e4f50").execute()
    const a = await crmUpload(api.adminToken, cp1251, sig)
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    const row = await api.db().kysely.selectFrom("epoas").select(["xml", "representative_name"]).where("number", "=", "5e0c7a1b-2f43-4d8e-9b61-7c2a9d3e4f50").executeTakeFirstOrThrow()
    expect(row.representative_name).toBe("Иванов Иван Иванович")
    expect(row.xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
  })

  it("an editor may not upload (403); nothing stored", async () => {
    const { draft, xml, signature } = signedEpoa()
    expect((await crmUpload(editor, xml, signature)).status).toBe(403)
    expect(await stored(draft.number)).toBe(0)
  })

  it("bad uploads are 422 with a Russian message and store nothing: not XML, another format, XSD errors, duplicates, signatures", async () => {
    const good = signedEpoa()
    const cases: [Buffer | string, Buffer | string, string, RegExp][] = [
      ["просто текст, не XML", good.signature, "file", /^Файл не является XML-документом$/],
      [fixture("ON_DOVBB_20240828_cfeae40d-e613-48ff-989f-f6b45590e338.xml"), good.signature, "file", /^Формат доверенности «002» устарел/],
      [good.xml.toString("utf8").replace(/ КПП="773601001"/, ""), good.signature, "file", /^Доверенность не соответствует схеме формата EMCHD_1 \(ошибок: 1\): строка \d+: у элемента «СвРосОрг» нет обязательного атрибута «КПП»$/],
      // The document changed after signing: one byte.
      [good.xml.toString("utf8").replace("Пётр", "Петр"), good.signature, "signature", /^Подпись доверенности недействительна: /],
      [good.xml, "это не подпись!", "signature", /^Подпись доверенности недействительна: файл не является подписью CMS/],
      [good.xml, Buffer.from([0x30, 0x03, 0x02, 0x01, 0x00]), "signature", /^Подпись доверенности недействительна: /],
    ]
    for (const [xml, sig, field, message] of cases) {
      const a = await crmUpload(operator, xml, sig)
      expect(a.status, JSON.stringify(a.body)).toBe(422)
      expect(errorsOf({ ...a, text: "" } as never)[field]?.[0]).toMatch(message)
    }
    // Signed by someone who is not the principal's head (the representative's own key).
    const byEmployee = signedEpoa(draftEpoa(), "user-ivanov")
    const notHead = await crmUpload(operator, byEmployee.xml, byEmployee.signature)
    expect(await stored(byEmployee.draft.number)).toBe(0)
    expect(notHead.status).toBe(422)
    expect(notHead.body.errors?.signature?.[0]).toMatch(/^Подпись доверенности недействительна: подпись поставлена не руководителем доверителя/)
    // The public sample with its real signature: a commercial CA outside our trust list.
    const foreign = await crmUpload(operator, fixture("ON_EMCHD_20241203_c61a40df-d38f-4800-9ba4-61a2df016993.xml"), fixture("ON_EMCHD_20241203_c61a40df-d38f-4800-9ba4-61a2df016993.sig"))
    expect(foreign.status).toBe(422)
    expect(foreign.body.errors?.signature?.[0]).toMatch(/^Подпись доверенности недействительна: /)
    // Missing parts.
    expect((await upload<{ errors: Record<string, string[]> }>(`${api.url}/api/v2/crm/epoas/upload/`, operator, [parts(good.xml, good.signature)[0]!])).body.errors.signature).toEqual([
      "Загрузите файл откреплённой подписи доверенности (.sig или .p7s)",
    ])
    expect(await stored(good.draft.number, PUBLIC_NUMBER)).toBe(0)
    // A number already in the registry.
    expect((await crmUpload(operator, good.xml, good.signature)).status).toBe(201)
    const again = await crmUpload(operator, good.xml, good.signature)
    expect(again.status).toBe(422)
    expect(again.body.errors?.file).toEqual(["Доверенность с этим номером уже есть в реестре"])
    expect(await stored(good.draft.number)).toBe(1)
  })
})

describe("uploads and revocation by a director", () => {
  it("the director of ООО «Ромашка» uploads its МЧД; a plain user is refused (403)", async () => {
    const { draft, xml, signature } = signedEpoa()
    const a = await lkUpload(director, xml, signature)
    expect(a.status, JSON.stringify(a.body)).toBe(201)
    expect(a.body.data?.attributes.representative).toEqual({ name: "Иванов Иван Иванович", snils: "12345678964", inn: "500100732259" })
    const row = await api.db().kysely.selectFrom("epoas").select(["legal_person_id", "uploaded_by_user_id"]).where("number", "=", draft.number).executeTakeFirstOrThrow()
    expect(row.legal_person_id).not.toBeNull()
    const user = (await signInUser(api.url, DEMO_USER.email, DEMO_USER.password)).jwt
    expect((await lkUpload(user, xml, signature)).status).toBe(403)
    const mine = await call<{ data: { attributes: { number: string } }[] }>(api.url, "GET", "/api/v1/lk/epoas/", { token: director })
    expect(mine.body.data.map((d) => d.attributes.number)).toContain(draft.number)
  })

  it("another company's director: its МЧД of ООО «Ромашка» is a 422, Ромашка's МЧД are not theirs to list or revoke", async () => {
    const other = await otherDirector()
    const { draft, xml, signature } = signedEpoa()
    const a = await lkUpload(other, xml, signature)
    expect(a.status).toBe(422)
    expect(a.body.errors?.file).toEqual(["ИНН доверителя в доверенности не совпадает с ИНН вашей организации"])
    expect((await lkUpload(other, xml, signature, [{ name: "legal_person_id", data: "999999" }])).status).toBe(422)
    expect(await stored(draft.number)).toBe(0)
    const theirs = await call<{ data: unknown[] }>(api.url, "GET", "/api/v1/lk/epoas/", { token: other })
    expect(theirs.body.data).toEqual([])
    const row = await api.db().kysely.selectFrom("epoas").select("public_id").where("principal_inn", "=", "7707083893").where("status", "=", "active").executeTakeFirstOrThrow()
    const revoke = await call(api.url, "POST", `/api/v1/lk/epoas/${row.public_id}/revoke/`, { token: other, json: { reason: "Чужая", password: "Zx-Test-2026!q" } })
    expect(revoke.status).toBe(404)
    expect((await api.db().kysely.selectFrom("epoas").select("status").where("public_id", "=", row.public_id).executeTakeFirstOrThrow()).status).toBe("active")
  })

  it("the director revokes with the reason and the account's password; a wrong password changes nothing; once only", async () => {
    const { draft, xml, signature } = signedEpoa()
    const created = await lkUpload(director, xml, signature)
    const id = created.body.data!.id
    const wrong = await call(api.url, "POST", `/api/v1/lk/epoas/${id}/revoke/`, { token: director, json: { reason: "Сотрудник уволен", password: "не тот" } })
    expect(wrong.status).toBe(422)
    expect(errorsOf(wrong)).toEqual({ password: ["Неверный пароль"] })
    expect(errorsOf(await call(api.url, "POST", `/api/v1/lk/epoas/${id}/revoke/`, { token: director, json: { reason: " ", password: "x" } }))).toEqual({ reason: ["Укажите причину отзыва"] })
    const ok = await call<EpoaAnswer>(api.url, "POST", `/api/v1/lk/epoas/${id}/revoke/`, { token: director, json: { reason: "Сотрудник уволен", password: DEMO_USER.password } })
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.data?.attributes).toMatchObject({ status: "revoked", status_label: "отозвана" })
    const twice = await call(api.url, "POST", `/api/v1/lk/epoas/${id}/revoke/`, { token: director, json: { reason: "Ещё раз", password: DEMO_USER.password } })
    expect(twice.status).toBe(422)
    revokedByDirector = draft.number
    // In the public revoked list, by its number.
    const list = await call<{ data: { attributes: { number: string; revoked_at: string } }[]; meta: { total: number } }>(api.url, "GET", `/api/v1/epoa/revoked/?epoa_number=${draft.number}`)
    expect(list.body.meta.total).toBe(1)
    expect(list.body.data[0]!.attributes.number).toBe(draft.number)
  })
})

describe("revocation by staff", () => {
  it("an operator revokes in the CRM with the reason as the note (required); an editor may not", async () => {
    const { draft, xml, signature } = signedEpoa()
    await crmUpload(operator, xml, signature)
    const listed = await call<{ data: { id: string }[] }>(api.url, "GET", `/api/v2/crm/epoas/?q=${draft.number}`, { token: operator })
    const id = listed.body.data[0]!.id
    expect((await call(api.url, "POST", `/api/v2/crm/epoas/${id}/revoke/`, { token: editor, json: { action: "revoke", note: "Отзыв" } })).status).toBe(403)
    expect(errorsOf(await call(api.url, "POST", `/api/v2/crm/epoas/${id}/revoke/`, { token: operator, json: { action: "revoke" } }))).toEqual({ note: ["Укажите причину отзыва"] })
    const ok = await call(api.url, "POST", `/api/v2/crm/epoas/${id}/revoke/`, { token: operator, json: { action: "revoke", note: "Заявление доверителя" } })
    expect(ok.status, ok.text).toBeLessThan(300)
    const row = await api.db().kysely.selectFrom("epoas").select(["status", "revoke_reason", "revoked_at"]).where("number", "=", draft.number).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: "revoked", revoke_reason: "Заявление доверителя" })
  })
})

describe("public searches behind the captcha", () => {
  let number = ""
  beforeAll(async () => {
    const s = signedEpoa()
    number = s.draft.number
    expect((await crmUpload(operator, s.xml, s.signature)).status).toBe(201)
  })

  it("by the principal: the number and the INN find it; the representative is masked", async () => {
    const a = await byPrincipal({ epoa_number: number.toUpperCase(), principal_inn: "7707083893" })
    expect(a.status, a.text).toBe(200)
    expect(a.body.data?.attributes).toMatchObject({
      number,
      status: "active",
      status_label: "действует",
      principal: { name: "ООО «Ромашка»", inn: "7707083893", ogrn: "1027700132195", signatory: "Петров П. П." },
      representative: { name: "Иванов И. И.", snils: "***-***-789 64", inn: "********2259" },
    })
    expect(a.text).not.toContain("12345678964")
    expect(a.text).not.toContain("500100732259")
    expect(a.body.data?.attributes.powers.map((p) => p.code)).toEqual(["02.001", "02.002", "01.001"])
    // With the ОГРН too; a wrong ОГРН or INN finds nothing.
    expect((await byPrincipal({ epoa_number: number, principal_inn: "7707083893", principal_ogrn: "1027700132195" })).body.data).not.toBeNull()
    expect((await byPrincipal({ epoa_number: number, principal_inn: "7736050003" })).body).toEqual({ data: null })
  })

  it("by the representative: the number and the СНИЛС (the preset's required field), and the ИНН when given", async () => {
    expect((await byRepresentative({ epoa_number: number, representative_snils: "123-456-789 64" })).body.data?.attributes.number).toBe(number)
    expect((await byRepresentative({ epoa_number: number, representative_snils: "123-456-789 64", representative_inn: "500100732259" })).body.data?.attributes.number).toBe(number)
    expect((await byRepresentative({ epoa_number: number, representative_snils: "123-456-789 64", representative_inn: "500311223395" })).body).toEqual({ data: null })
    expect((await byRepresentative({ epoa_number: number, representative_snils: "112-233-445 95" })).body).toEqual({ data: null })
    const noSnils = await byRepresentative({ epoa_number: number, representative_inn: "500100732259" })
    expect(noSnils.status).toBe(422)
    expect(Object.keys(errorsOf(noSnils))).toEqual(["representative_snils"])
  })

  it("a wrong or reused captcha is a 422; the preset's rules answer first", async () => {
    const c = await captcha()
    const wrong = await call(api.url, "POST", "/api/v1/epoa/search/principal/", { json: { epoa_number: number, principal_inn: "7707083893", captcha: { id: c.id, answer: "zzzzz" } } })
    expect(wrong.status).toBe(422)
    expect(errorsOf(wrong)).toEqual({ captcha: ["Проверка не пройдена. Дождитесь новой проверки и отправьте ещё раз"] })
    const reused = await call(api.url, "POST", "/api/v1/epoa/search/principal/", { json: { epoa_number: number, principal_inn: "7707083893", captcha: c } })
    expect(reused.status).toBe(422)
    const bad = await byPrincipal({ epoa_number: "123", principal_inn: "1234567890" })
    expect(bad.status).toBe(422)
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["epoa_number", "principal_inn"])
  })
})

describe("the revoked list and the holder's МЧД", () => {
  it("pages newest first, filters by principal INN and revocation dates; bad filters are 422", async () => {
    const all = await call<{ data: { attributes: { status: string; representative: { snils: string | null } } }[]; meta: { total: number; pages: number; page: number } }>(api.url, "GET", "/api/v1/epoa/revoked/")
    expect(all.status).toBe(200)
    expect(all.body.meta.total).toBeGreaterThanOrEqual(2)
    expect(all.body.data.every((d) => d.attributes.status === "revoked")).toBe(true)
    expect(all.body.data[0]!.attributes.representative.snils).toMatch(/^\*\*\*-\*\*\*-/)
    // The revocation days are Moscow's, as the list shows its dates.
    const today = new Date()
    const ru = (d: Date) => shortDay(d)
    const tomorrow = new Date(today.getTime() + 86_400_000)
    const n = `epoa_number=${revokedByDirector}`
    expect((await call<{ meta: { total: number } }>(api.url, "GET", `/api/v1/epoa/revoked/?${n}&principal_inn=7707083893&revoked_from=${ru(today)}&revoked_to=${ru(today)}`)).body.meta.total).toBe(1)
    expect((await call<{ meta: { total: number } }>(api.url, "GET", `/api/v1/epoa/revoked/?${n}&revoked_from=${ru(tomorrow)}`)).body.meta.total).toBe(0)
    expect((await call<{ meta: { total: number } }>(api.url, "GET", `/api/v1/epoa/revoked/?${n}&revoked_to=${ru(new Date(today.getTime() - 86_400_000))}`)).body.meta.total).toBe(0)
    expect((await call<{ meta: { total: number } }>(api.url, "GET", "/api/v1/epoa/revoked/?principal_inn=7736050003")).body.meta.total).toBe(0)
    expect((await call(api.url, "GET", "/api/v1/epoa/revoked/?revoked_from=31.02.2026")).status).toBe(422)
    expect((await call(api.url, "GET", "/api/v1/epoa/revoked/?page=0")).status).toBe(422)
  })

  it("epoasForRepresentative answers the holder's МЧД in force only", async () => {
    // A holder of this run only (on PostgreSQL the database outlives a run).
    const snils = completeSnils(String(100_000_000 + randomInt(800_000_000)))
    const inn = completeInn12(`50${String(randomInt(100_000_000)).padStart(8, "0")}`)
    const holder = { surname: "Сидоров", name: "Сидор", patronymic: "Сидорович", snils, inn, birthDate: "1990-01-01" }
    const active = signedEpoa(draftEpoa({ representative: holder }))
    expect((await crmUpload(operator, active.xml, active.signature)).status).toBe(201)
    const expired = signedEpoa(draftEpoa({ issuedOn: "2026-03-01", validUntil: "2026-04-01", representative: holder }))
    expect((await crmUpload(operator, expired.xml, expired.signature)).status).toBe(201)
    const revoked = signedEpoa(draftEpoa({ representative: holder }))
    expect((await crmUpload(operator, revoked.xml, revoked.signature)).status).toBe(201)
    await api.db().kysely.updateTable("epoas").set({ status: "revoked", revoked_at: new Date().toISOString() }).where("number", "=", revoked.draft.number).execute()
    const dashed = `${snils.slice(0, 3)}-${snils.slice(3, 6)}-${snils.slice(6, 9)} ${snils.slice(9)}`
    expect((await epoasForRepresentative(api.db(), { snils: dashed })).map((r) => r.number)).toEqual([active.draft.number])
    expect((await epoasForRepresentative(api.db(), { inn })).map((r) => r.number)).toEqual([active.draft.number])
    expect(await epoasForRepresentative(api.db(), {})).toEqual([])
  })

  it("the sample XML downloads", async () => {
    const a = await call(api.url, "GET", "/api/v1/epoa/sample.xml")
    expect(a.status).toBe(200)
    expect(a.text).toContain('ВерсФорм="EMCHD_1"')
  })
})
