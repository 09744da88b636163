import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, test } from "vitest"
import { loadConfig } from "../../server/config.ts"
import { DEMO_CODE_WORD } from "../../server/db/seed/certificates.ts"
import { createDeps } from "../../server/lib/deps.ts"
import { parseCertificate, verifyCertificateSignature } from "../../server/services/pki/certificate.ts"
import { parseCrl, verifyCrl } from "../../server/services/pki/crl.ts"
import { sweepExpiry } from "../../server/services/register/expiry.ts"
import type { ChallengeAnswer } from "../../schemas/entities/challenge.ts"
import { solveCaptcha } from "../support/captcha.ts"
import { parseMail } from "../support/smtp.ts"
import { call, errorsOf } from "./helpers.ts"
import { roleToken, serverWithAdmin } from "./harness.ts"
import { postMultipart, streamedFile, upload } from "./multipart.ts"
import { identifyInPerson, insertOrder } from "./order-rows.ts"
import { registerMessages } from "../../schemas/messages/register.ts"

/**
 * The CA's register (docs/register.md) through the real API: the public lookups behind the
 * captcha (masking, statuses, the .cer), the CRM's revocation, suspension and resume (each rebuilding
 * the real signed CRL at /cdp/{key_id}.crl), the suspension by phone with the code word, the import
 * of .cer files, 'Выпустить' from a PKCS#10, the revoked lists and the expiry letters.
 */
const SEED = join(import.meta.dirname, "../../server/db/seed/pki")
const FIX = join(import.meta.dirname, "../fixtures/pki")
const seedCert = (name: string) => parseCertificate(new Uint8Array(readFileSync(join(SEED, "certificates", `${name}.cer`))))
const CA = parseCertificate(new Uint8Array(readFileSync(join(SEED, "ca.cer"))))
const CRL_PATH = `/cdp/${CA.subjectKeyId!.toLowerCase()}.crl`

const api = serverWithAdmin()
beforeAll(async () => {
  // PostgreSQL keeps one database for every file and every run: the rows this file changes start as seeded.
  const touched = ["legal-04", "legal-07", "user-ivanov", "user-ivanov-dss"].map((n) => seedCert(n).serial)
  await api.db().kysely
    .updateTable("certificates")
    .set({ status: "valid", revocation_reason: null, revoked_at: null, code_word_failures: 0, expiry_notices: "[]" })
    .where("serial", "in", touched)
    .execute()
  const imported = ["rsa-leaf.cer", "ecdsa-leaf.cer"].map((f) => parseCertificate(new Uint8Array(readFileSync(join(FIX, f)))).thumbprint)
  await api.db().kysely.deleteFrom("certificates").where("thumbprint", "in", imported).execute()
})

const get = <T = unknown>(path: string, token?: string) => call<T>(api.url, "GET", path, { token })
const crm = <T = unknown>(method: string, path: string, json?: unknown) => call<T>(api.url, method, path, { token: api.adminToken, ...(json !== undefined ? { json } : {}) })

/** A solved captcha as the query's `captcha_id` and `captcha_answer`. */
async function captcha(): Promise<string> {
  const a = await get<ChallengeAnswer>("/api/v1/captcha/")
  return `captcha_id=${a.body.id}&captcha_answer=${encodeURIComponent(await solveCaptcha(a.body))}`
}

interface Found {
  id: string
  attributes: {
    serial: string
    status: string
    status_label: string
    terminated: { kind: string; at: string; reason: string | null } | null
    owner_name: string | null
    organization: string | null
    inn: string | null
    ogrn: string | null
    issuer: string
    download_url: string
  }
}

const bySerial = async (serial: string) => get<{ data: Found }>(`/api/v2/certificates/${serial}/?${await captcha()}`)
const idOf = async (serial: string) => Number((await api.db().kysely.selectFrom("certificates").select("id").where("serial", "=", serial).executeTakeFirstOrThrow()).id)
const crlNow = async () => {
  const res = await fetch(api.url + CRL_PATH)
  expect(res.status).toBe(200)
  expect(res.headers.get("content-type")).toBe("application/pkix-crl")
  expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/)
  const der = new Uint8Array(await res.arrayBuffer())
  const crl = parseCrl(der)
  expect(verifyCrl(crl, CA), "the CRL is signed by the demo CA").toBe(true)
  return crl
}

describe("the public register", () => {
  test("a lookup without the captcha, or with a wrong answer, is 422 on the captcha and tells nothing", async () => {
    const legal = seedCert("legal-01")
    const none = await get(`/api/v2/certificates/${legal.serial}/`)
    expect(none.status).toBe(422)
    expect(errorsOf(none)).toHaveProperty("captcha")
    const c = await get<{ id: string }>("/api/v1/captcha/")
    const wrong = await get(`/api/v2/certificates/${legal.serial}/?captcha_id=${c.body.id}&captcha_answer=zzzzz`)
    expect(wrong.status).toBe(422)
    expect(errorsOf(wrong).captcha).toEqual(["Проверка не пройдена. Дождитесь новой проверки и отправьте ещё раз"])
    expect(wrong.text).not.toContain(legal.subject.organization!)
    const owner = await get(`/api/v2/certificates/?search_by=inn&inn=${legal.subject.innle}`)
    expect(owner.status).toBe(422)
    expect(errorsOf(owner)).toHaveProperty("captcha")
  })

  test("by serial (any case, spaces): a legal entity's certificate, the holder's name masked, the .cer", async () => {
    const legal = seedCert("legal-01")
    const spaced = legal.serial.toUpperCase().replace(/(..)/g, "$1 ").trim()
    const a = await get<{ data: Found }>(`/api/v2/certificates/${encodeURIComponent(spaced)}/?${await captcha()}`)
    expect(a.status, a.text).toBe(200)
    const f = a.body.data.attributes
    expect(f.serial).toBe(legal.serial.toUpperCase())
    expect(f.status_label).toBe("действителен")
    expect(f.organization).toBe(legal.subject.organization)
    expect(f.inn).toBe(legal.subject.innle)
    expect(f.ogrn).toBe(legal.subject.ogrn)
    expect(f.owner_name).toMatch(/^[А-ЯЁ]\*\*\* [А-ЯЁ]\. [А-ЯЁ]\.$/)
    expect(f.issuer).toContain("Демонстрационный УЦ")
    // Neither the holder's SNILS nor the holder's personal INN nor the full surname.
    expect(a.text).not.toContain(legal.subject.snils!)
    expect(a.text).not.toContain(legal.subject.inn!)
    expect(a.text).not.toContain(legal.subject.surname!)
    const cer = await fetch(api.url + f.download_url)
    expect(cer.status).toBe(200)
    expect(cer.headers.get("content-type")).toBe("application/pkix-cert")
    expect(cer.headers.get("content-disposition")).toContain(".cer")
    expect(Buffer.from(await cer.arrayBuffer()).equals(Buffer.from(legal.der))).toBe(true)
  })

  test("by the owner's INN, OGRN or SNILS: a person's INN and SNILS never come back in full; a bad number is the form's 422", async () => {
    const person = seedCert("person-03")
    const byInn = await get<{ data: Found[]; meta: { count: number; more: boolean } }>(`/api/v2/certificates/?search_by=inn&inn=${person.subject.inn}&${await captcha()}`)
    expect(byInn.status, byInn.text).toBe(200)
    expect(byInn.body.data.map((d) => d.attributes.serial)).toContain(person.serial.toUpperCase())
    expect(byInn.text).not.toContain(person.subject.inn!)
    expect(byInn.text).not.toContain(person.subject.snils!)
    const found = byInn.body.data.find((d) => d.attributes.serial === person.serial.toUpperCase())!
    expect(found.attributes.inn).toMatch(/^\d\d\*{8}\d\d$/)
    const bySnils = await get<{ data: Found[] }>(`/api/v2/certificates/?search_by=snils&snils=${person.subject.snils}&${await captcha()}`)
    expect(bySnils.status).toBe(200)
    expect(bySnils.body.data.length).toBeGreaterThan(0)
    expect(bySnils.text).not.toContain(person.subject.snils!)
    const entrepreneur = seedCert("entrepreneur-02")
    const byOgrn = await get<{ data: Found[] }>(`/api/v2/certificates/?search_by=ogrn&ogrn=${entrepreneur.subject.ogrnip}&${await captcha()}`)
    expect(byOgrn.body.data.map((d) => d.attributes.serial)).toContain(entrepreneur.serial.toUpperCase())
    const bad = await get(`/api/v2/certificates/?search_by=inn&inn=7707083894&${await captcha()}`)
    expect(bad.status).toBe(422)
    expect(errorsOf(bad)).toHaveProperty("inn")
    const unknown = await get(`/api/v2/certificates/ABCDEF0123/?${await captcha()}`)
    expect(unknown.status).toBe(404)
    const notHex = await get(`/api/v2/certificates/XYZ/?${await captcha()}`)
    expect(notHex.status).toBe(422)
    expect(errorsOf(notHex)).toHaveProperty("serial_number")
  })

  test("an expired certificate is 'прекращён' (срок действия истёк)", async () => {
    const expired = seedCert("legal-10")
    const a = await bySerial(expired.serial)
    expect(a.body.data.attributes.status_label).toBe("прекращён")
    expect(a.body.data.attributes.terminated).toMatchObject({ kind: "expired", reason: null })
  })
})

describe("revocation, suspension and the CRL", () => {
  test("the seeded CRL is at the certificates' distribution point; another key id is 404", async () => {
    expect(seedCert("legal-01").crlDistributionPoints[0]).toContain(CRL_PATH)
    await crlNow()
    expect((await get(`/cdp/${"ab".repeat(20)}.crl`)).status).toBe(404)
  })

  test("'Отозвать' with a reason: 'прекращён' with date and reason, the serial in a new signed CRL, in the revoked list", async () => {
    const target = seedCert("legal-04")
    const id = await idOf(target.serial)
    const before = await crlNow()
    const moved = await crm("POST", `/api/v2/crm/certificates/${id}/status/`, { action: "revoke:1" })
    expect(moved.status, moved.text).toBe(200)
    const after = await crlNow()
    expect(after.number).toBe((before.number ?? 0) + 1)
    const entry = after.entries.find((e) => e.serial === target.serial)
    expect(entry?.reason).toBe(1)
    const pub = await bySerial(target.serial)
    expect(pub.body.data.attributes.status_label).toBe("прекращён")
    expect(pub.body.data.attributes.terminated).toMatchObject({ kind: "revoked", reason: "Компрометация ключа" })
    const list = await get<{ data: { attributes: { serial: string; reason: string } }[] }>("/api/v2/documents/revoked_certificate/?per=100")
    expect(list.body.data.find((d) => d.attributes.serial === target.serial.toUpperCase())?.attributes.reason).toBe("Компрометация ключа")
    // Revoked is final: no second revocation, no resume.
    expect((await crm("POST", `/api/v2/crm/certificates/${id}/status/`, { action: "revoke:4" })).status).toBe(422)
    expect((await crm("POST", `/api/v2/crm/certificates/${id}/status/`, { action: "resume" })).status).toBe(422)
    expect((await crm("POST", `/api/v2/crm/certificates/${id}/status/`, { action: "revoke:6" })).status).toBe(422)
    const log = await api.db().kysely.selectFrom("audit_log").selectAll().where("resource", "=", "certificates").where("record_id", "=", id).execute()
    expect(log.length).toBeGreaterThan(0)
    expect(JSON.stringify(log)).not.toContain("argon2")
  })

  test("'Приостановить' puts it on the CRL as certificateHold; 'Возобновить' takes it off", async () => {
    const target = seedCert("legal-07")
    const id = await idOf(target.serial)
    expect((await crm("POST", `/api/v2/crm/certificates/${id}/status/`, { action: "suspend" })).status).toBe(200)
    expect((await crlNow()).entries.find((e) => e.serial === target.serial)?.reason).toBe(6)
    expect((await bySerial(target.serial)).body.data.attributes.status_label).toBe("приостановлен")
    expect((await crm("POST", `/api/v2/crm/certificates/${id}/status/`, { action: "suspend" })).status).toBe(422)
    expect((await crm("POST", `/api/v2/crm/certificates/${id}/status/`, { action: "resume" })).status).toBe(200)
    expect((await crlNow()).entries.some((e) => e.serial === target.serial)).toBe(false)
    expect((await bySerial(target.serial)).body.data.attributes.status_label).toBe("действителен")
    expect((await crm("POST", `/api/v2/crm/certificates/${id}/status/`, { action: "nonsense" })).status).toBe(422)
  })

  test("suspension by the owner's call: the code word; three wrong answers lock it", async () => {
    const mine = seedCert("user-ivanov")
    const id = await idOf(mine.serial)
    const wrong = await crm("POST", `/api/v2/crm/certificates/${id}/phone_suspend/`, { vector: "WRONG1" })
    expect(wrong.status).toBe(422)
    expect(errorsOf(wrong).vector![0]).toContain("Осталось попыток: 2")
    const lower = await crm("POST", `/api/v2/crm/certificates/${id}/phone_suspend/`, { vector: "kod2026" })
    expect(errorsOf(lower)).toHaveProperty("vector")
    const right = await crm<{ data: { attributes: { status: string } } }>("POST", `/api/v2/crm/certificates/${id}/phone_suspend/`, { vector: DEMO_CODE_WORD })
    expect(right.status, right.text).toBe(200)
    expect(right.body.data.attributes.status).toBe("suspended")
    expect((await crm("POST", `/api/v2/crm/certificates/${id}/status/`, { action: "resume" })).status).toBe(200)

    const other = await idOf(seedCert("user-ivanov-dss").serial)
    for (let i = 0; i < 3; i++) expect((await crm("POST", `/api/v2/crm/certificates/${other}/phone_suspend/`, { vector: `WRONG${i}` })).status).toBe(422)
    const locked = await crm("POST", `/api/v2/crm/certificates/${other}/phone_suspend/`, { vector: DEMO_CODE_WORD })
    expect(locked.status).toBe(422)
    expect(errorsOf(locked).vector![0]).toContain("заблокировано")
    expect((await api.db().kysely.selectFrom("certificates").select("status").where("id", "=", other).executeTakeFirstOrThrow()).status).toBe("valid")
    // A certificate of nobody has no code word.
    const anon = await idOf(seedCert("legal-10").serial)
    expect(errorsOf(await crm("POST", `/api/v2/crm/certificates/${anon}/phone_suspend/`, { vector: DEMO_CODE_WORD })).vector![0]).toContain("нет кодового слова")
  })

  test("editors have no access to the register", async () => {
    const editor = await roleToken(api.url, api.adminToken, "editor")
    expect((await get("/api/v2/crm/certificates/", editor)).status).toBe(403)
    const operator = await roleToken(api.url, api.adminToken, "operator")
    expect((await get("/api/v2/crm/certificates/?status=revoked", operator)).status).toBe(200)
  })
})

describe("the register's list in the CRM", () => {
  test("shows the status computed now and filters by it in SQL: valid, expiring within 30 days, expired, revoked, suspended", async () => {
    const k = api.db().kysely
    const model = await k.selectFrom("certificates").selectAll().orderBy("id").executeTakeFirstOrThrow()
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString()
    const made: Record<string, number> = {}
    for (const [name, status, notAfter] of [
      ["valid", "valid", day(200)],
      ["expiring", "valid", day(10)],
      ["expired", "valid", day(-3)],
      ["revoked", "revoked", day(200)],
      ["suspended", "suspended", day(200)],
    ] as const) {
      const { id: _id, ...rest } = model
      const tag = `${name}${Date.now().toString(16)}`.replace(/[^0-9a-f]/g, "a")
      const row = await k
        .insertInto("certificates")
        .values({ ...rest, public_id: `list-${tag}`, serial: `ff${tag}`, thumbprint: `ee${tag}`, status, not_after: notAfter, owner_person: `Списков ${name}` })
        .returning("id")
        .executeTakeFirstOrThrow()
      made[name] = row.id
    }
    for (const [name, id] of Object.entries(made)) {
      const list = await get<{ data: { id: string; attributes: { validity: string } }[] }>(`/api/v2/crm/certificates/?status=${name}&per=100&q=${encodeURIComponent("Списков")}`, api.adminToken)
      expect(list.status, list.text).toBe(200)
      expect(list.body.data.map((r) => [Number(r.id), r.attributes.validity]), name).toEqual([[id, name]])
    }
    expect((await get("/api/v2/crm/certificates/?status=lost", api.adminToken)).status).toBe(422)
  })
})

describe("import of .cer files", () => {
  const cer = (name: string) => readFileSync(join(FIX, name))
  const importFiles = (parts: { filename: string; data: Buffer | string }[]) =>
    upload<{ data?: { attributes: { serial: string; source: string } }[]; errors?: Record<string, string[]> }>(
      `${api.url}/api/v2/crm/certificates/import/`,
      api.adminToken,
      parts.map((p) => ({ name: "files", ...p })),
    )

  test("several at once, DER and PEM; a duplicate or garbage refuses the whole batch with a message per file", async () => {
    const count = async () => Number((await api.db().kysely.selectFrom("certificates").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)
    const start = await count()
    const mixed = await importFiles([
      { filename: "rsa-leaf.cer", data: cer("rsa-leaf.cer") },
      { filename: "garbage.bin", data: cer("garbage.bin") },
      { filename: "truncated.cer", data: cer("truncated.cer") },
      { filename: "director.cer", data: cer("director-romashka.cer") },
    ])
    expect(mixed.status).toBe(422)
    const messages = mixed.body.errors!.files!
    expect(messages).toHaveLength(3)
    expect(messages.some((m) => m.startsWith("garbage.bin: "))).toBe(true)
    expect(messages).toContain("director.cer: Сертификат уже есть в реестре")
    expect(await count()).toBe(start)

    const ecdsaPem = `-----BEGIN CERTIFICATE-----\n${cer("ecdsa-leaf.cer").toString("base64").replace(/.{64}/g, "$&\n")}\n-----END CERTIFICATE-----\n`
    const good = await importFiles([
      { filename: "rsa-leaf.cer", data: cer("rsa-leaf.cer") },
      { filename: "ecdsa-leaf.pem", data: ecdsaPem },
    ])
    expect(good.status, JSON.stringify(good.body)).toBe(201)
    expect(good.body.data!.map((d) => d.attributes.source)).toEqual(["imported", "imported"])
    expect(await count()).toBe(start + 2)
    const again = await importFiles([{ filename: "rsa-leaf.cer", data: cer("rsa-leaf.cer") }])
    expect(again.status).toBe(422)
    expect(again.body.errors!.files).toEqual(["rsa-leaf.cer: Сертификат уже есть в реестре"])
    expect((await crm("POST", "/api/v2/crm/certificates/import/", {})).status).toBe(422)
  })

  test("a 30 MB upload that never ends is refused once the cap is read: 422, nothing stored", async () => {
    for (const [path, field] of [
      ["/api/v2/crm/certificates/import/", "files"],
      ["/api/v2/crm/orders/999999/issue/", "csr"],
    ] as const) {
      const { body, contentType } = streamedFile(field, "big.cer", 30 * 1024 * 1024, Buffer.from([0x30, 0x82]), { endless: true })
      const answer = await postMultipart<{ errors: Record<string, string[]> }>(api.url + path, api.adminToken, body, contentType)
      expect(answer.status).toBe(422)
      expect(answer.body.errors[field]).toEqual(["Файл сертификата слишком большой"])
    }
  })
})

describe("'Выпустить' on an order", () => {
  const holder = { last_name: "Сергеев", first_name: "Сергей", middle_name: "Сергеевич", inn: "500100732259", snils: "112-233-445 95", email: "sergeev@example.ru", code_word: "SECRET42" }

  test("the demo CA certifies the PKCS#10 with the application's subject; the order is issued; the code word only as a hash", async () => {
    const user = await api.db().kysely.selectFrom("users").select("id").where("email", "=", "user@demo.local").executeTakeFirstOrThrow()
    const early = await insertOrder(api.db(), user.id, { status: "new", data: { values: holder } })
    const csr = readFileSync(join(FIX, "csr-gost256.pem"), "utf8")
    const refused = await crm("POST", `/api/v2/crm/orders/${early}/issue/`, { csr })
    expect(refused.status).toBe(422)
    expect(errorsOf(refused)).toHaveProperty("status")

    // Without the period paid nothing is issued.
    const noPeriod = await insertOrder(api.db(), user.id, { status: "ready_for_identification", data: { values: holder } })
    await identifyInPerson(api.db(), noPeriod)
    expect(errorsOf(await crm("POST", `/api/v2/crm/orders/${noPeriod}/issue/`, { csr }))).toEqual({ status: ["В заявке не указан срок действия сертификата: выпустить его нельзя"] })
    const orderId = await insertOrder(api.db(), user.id, { status: "ready_for_identification", data: { values: holder, period: 12 } })
    // Met at an office: nothing is issued before the identity check is done (63-ФЗ, ст. 18).
    expect(errorsOf(await crm("POST", `/api/v2/crm/orders/${orderId}/issue/`, { csr }))).toEqual({ status: [registerMessages.identityUnchecked] })
    await identifyInPerson(api.db(), orderId)
    const garbage = await crm("POST", `/api/v2/crm/orders/${orderId}/issue/`, { csr: readFileSync(join(FIX, "garbage.txt"), "utf8") })
    expect(garbage.status).toBe(422)
    expect(errorsOf(garbage)).toHaveProperty("csr")
    expect((await crm("POST", `/api/v2/crm/orders/${orderId}/issue/`, {})).status).toBe(422)

    const issued = await upload<{ data: { id: string; attributes: { serial: string; source: string; status: string } } }>(`${api.url}/api/v2/crm/orders/${orderId}/issue/`, api.adminToken, [
      { name: "csr", filename: "request.csr", data: csr },
    ])
    expect(issued.status, JSON.stringify(issued.body)).toBe(201)
    expect(issued.body.data.attributes).toMatchObject({ source: "issued", status: "valid" })
    const row = await api.db().kysely.selectFrom("certificates").selectAll().where("id", "=", Number(issued.body.data.id)).executeTakeFirstOrThrow()
    expect(row.order_id).toBe(orderId)
    expect(row.user_id).toBe(user.id)
    const cert = parseCertificate(Buffer.from(row.der, "base64"))
    expect(verifyCertificateSignature(cert, CA)).toBe(true)
    expect(cert.subject.surname).toBe("Сергеев")
    expect(cert.subject.givenNames).toBe("Сергей Сергеевич")
    expect(cert.subject.snils).toBe("11223344595")
    expect(cert.crlDistributionPoints.some((u) => u.endsWith(CRL_PATH))).toBe(true)
    // Valid for the 12 months paid: the same day and time a year later.
    const end = new Date(cert.notBefore)
    end.setUTCFullYear(end.getUTCFullYear() + 1)
    expect(cert.notAfter.toISOString()).toBe(end.toISOString())
    // The history names who issued it and the serial.
    const issuedEvent = await api.db().kysely.selectFrom("order_events").leftJoin("admin_users", "admin_users.id", "order_events.admin_user_id").select(["order_events.note", "order_events.actor", "admin_users.email"]).where("order_id", "=", orderId).where("to_status", "=", "issued").executeTakeFirstOrThrow()
    expect(issuedEvent).toEqual({ note: `Выпущен сертификат, серийный номер ${issued.body.data.attributes.serial.toUpperCase()}`, actor: "staff", email: "admin@test.local" })
    const order = await api.db().kysely.selectFrom("orders").select(["status", "data"]).where("id", "=", orderId).executeTakeFirstOrThrow()
    expect(order.status).toBe("issued")
    expect(order.data).not.toContain("SECRET42")
    expect(row.code_word_hash).toMatch(/^\$argon2id\$/)
    // The code word works for a suspension by phone.
    expect((await crm("POST", `/api/v2/crm/certificates/${row.id}/phone_suspend/`, { vector: "SECRET42" })).status).toBe(200)
    // Once issued, no second certificate.
    expect((await crm("POST", `/api/v2/crm/orders/${orderId}/issue/`, { csr })).status).toBe(422)
    // The CRM's order page never shows a code word.
    const other = await insertOrder(api.db(), user.id, { status: "ready_for_identification", data: { values: holder } })
    const page = await crm(`GET`, `/api/v2/crm/orders/${other}/`)
    expect(page.text).not.toContain("SECRET42")
  })
})

describe("expiry letters", () => {
  test("30, 14 and 3 days before the end, each once, to the holder's e-mail", async () => {
    const mine = seedCert("user-ivanov")
    const config = loadConfig({ DATA_DIR: api.dataDir, JWT_SECRET: "x".repeat(40) })
    const deps = createDeps(api.db(), config)
    const outbox = join(api.dataDir, "outbox")
    const letters = () => {
      try {
        return readdirSync(outbox)
          .filter((f) => f.endsWith(".eml"))
          .map((f) => parseMail(readFileSync(join(outbox, f), "latin1")))
          .filter((m) => m.text.includes(mine.serial.toUpperCase()))
      } catch {
        return []
      }
    }
    const end = mine.notAfter.getTime()
    const day = 86_400_000
    await sweepExpiry(deps, new Date(end - 40 * day))
    expect(letters()).toHaveLength(0)
    await sweepExpiry(deps, new Date(end - 20 * day))
    await sweepExpiry(deps, new Date(end - 20 * day))
    expect(letters()).toHaveLength(1)
    await Promise.all([sweepExpiry(deps, new Date(end - 10 * day)), sweepExpiry(deps, new Date(end - 10 * day))])
    expect(letters()).toHaveLength(2)
    await sweepExpiry(deps, new Date(end - 2 * day))
    expect(letters()).toHaveLength(3)
    expect(letters().map((m) => m.to)).toEqual(["user@demo.local", "user@demo.local", "user@demo.local"])
    expect(letters().map((m) => m.subject).sort()).toEqual([
      "Срок действия сертификата истекает через 10 дней",
      "Срок действия сертификата истекает через 2 дня",
      "Срок действия сертификата истекает через 20 дней",
    ])
    const row = await api.db().kysely.selectFrom("certificates").select("expiry_notices").where("serial", "=", mine.serial).executeTakeFirstOrThrow()
    expect(JSON.parse(row.expiry_notices)).toEqual([30, 14, 3])
  })
})
