import { randomInt } from "node:crypto"
import { readFileSync } from "node:fs"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { beforeAll, describe, expect, test } from "vitest"
import { moscowToday } from "../../schemas/dates.ts"
import { completeSnils } from "../../schemas/rules/check-digits.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"
import { signCms } from "../../server/services/pki/cms.ts"
import { gostSign } from "../../server/services/pki/gost.ts"
import { NAME_OID } from "../../server/services/pki/oids.ts"
import { parseGostPrivateKey } from "../../server/services/pki/private-key.ts"
import { type Answer, serverWithAdmin } from "../api/helpers.ts"
import { issue, signText } from "../api/orders-qes-certificates.ts"
import { fixtureKeyPair, signWithFixture } from "../support/cadesplugin.ts"
import { insertEpoa } from "../support/epoa-rows.ts"
import { confirmedCustomer } from "../support/users.ts"

/**
 * Certificates prove their owner: `POST /api/v1/cert_auth/epoas/` lists the МЧД of a certificate's
 * holder, so it answers only for the caller's own bound certificate, or for a trusted certificate
 * whose key just signed the caller's one-time challenge. Every request below is what an attacker (a
 * signed-in customer with an account of his own) sends; the victim is the seeded МЧД's representative,
 * Иванов Иван Иванович (СНИЛС 123-456-789 64, ИНН 500100732259, the demo user).
 */
const api = serverWithAdmin()
const VICTIM = { surname: "Иванов", givenNames: "Иван Иванович", snils: "12345678964", inn: "500100732259" }
const DAY = 86_400_000

/** The attacker's own GOST key (any key will do: it is his); the fixtures' request key. */
const attackerKey = parseGostPrivateKey(readFileSync("tests/fixtures/pki/csr-gost256.key", "utf8"))

/**
 * A GOST certificate the attacker makes himself, carrying the victim's СНИЛС and ИНН: self-signed, or
 * naming our demo CA as its issuer but signed with his own key (a forgery of our CA).
 */
function selfMadeGost(issuer: "self" | "demo-ca"): Uint8Array {
  const cert = pkijs.Certificate.fromBER(Uint8Array.from(issue(VICTIM)))
  if (issuer === "self") cert.issuer = cert.subject
  const tbs = new Uint8Array(cert.encodeTBS().toBER())
  cert.tbsView = tbs
  cert.signatureValue = new asn1js.BitString({ valueHex: gostSign(attackerKey, tbs) })
  return new Uint8Array(cert.toSchema(false).toBER())
}

/** A self-signed RSA certificate with the victim's numbers, made with WebCrypto. */
async function selfMadeRsa(): Promise<Uint8Array> {
  const alg = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 }
  const keys = (await crypto.subtle.generateKey(alg, true, ["sign", "verify"])) as CryptoKeyPair
  const name = () => [
    new pkijs.AttributeTypeAndValue({ type: NAME_OID.CN, value: new asn1js.Utf8String({ value: "Иванов Иван Иванович" }) }),
    new pkijs.AttributeTypeAndValue({ type: NAME_OID.SNILS, value: new asn1js.NumericString({ value: VICTIM.snils }) }),
    new pkijs.AttributeTypeAndValue({ type: NAME_OID.INN, value: new asn1js.NumericString({ value: VICTIM.inn }) }),
  ]
  const cert = new pkijs.Certificate()
  cert.version = 2
  cert.serialNumber = new asn1js.Integer({ value: randomInt(1, 2 ** 31) })
  cert.subject.typesAndValues = name()
  cert.issuer.typesAndValues = name()
  cert.notBefore.value = new Date(Date.now() - DAY)
  cert.notAfter.value = new Date(Date.now() + 365 * DAY)
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey)
  await cert.sign(keys.privateKey, "SHA-256")
  return new Uint8Array(cert.toSchema(true).toBER())
}

const b64 = (der: Uint8Array) => Buffer.from(der).toString("base64")
/** A detached CAdES-BES of the text with the attacker's own key and the given certificate. */
const attackerSigns = (certificate: Uint8Array, text: string) =>
  b64(signCms(new TextEncoder().encode(text), { certificate, privateKey: attackerKey.privateKey, bits: attackerKey.bits, curveOid: attackerKey.curveOid }, { detached: true }))

/** A fresh confirmed customer, signed in: the attacker, or an honest holder. */
const customer = () => confirmedCustomer(api.url, api.db())

type EpoaList = { data: { id: string; number: string; principal_org: string }[] }

/** What an answer disclosed of the victim's МЧД: the numbers of them it names. */
let victimNumbers: string[] = []
const leaked = (a: Answer) => victimNumbers.filter((n) => a.text.toLowerCase().includes(n.toLowerCase()))

const lookup = (token: string, body: Record<string, unknown>) => api.as(token)<EpoaList>("POST", "/api/v1/cert_auth/epoas/", { json: body })

async function challengeFor(token: string) {
  const a = await api.as(token)<{ data: { id: string; nonce: string } }>("POST", "/api/v1/cert_auth/challenges/", { json: { purpose: "epoas" } })
  expect(a.status, a.text).toBe(201)
  return a.body.data
}

/** The refusal this part promises: 403, a Russian message, none of the victim's МЧД. */
function expectRefused(a: Answer) {
  expect(a.status, a.text).toBe(403)
  const message = (a.body as { error?: unknown }).error
  expect(typeof message === "string" && /[а-яё]/i.test(message), a.text).toBe(true)
  expect(leaked(a)).toEqual([])
  expect(a.text).not.toContain("ООО «Ромашка»")
}

/** An МЧД in force issued to this СНИЛС (an honest holder's, made for the test). */
const epoaFor = (snils: string) => insertEpoa(api.db(), { principal_org: "ООО «Василёк»", representative_name: "Петров Пётр Петрович", representative_snils: snils })

/** An honest holder: a certificate of our CA with a СНИЛС of his own, and an МЧД issued to it. */
async function honestHolder() {
  const snils = completeSnils(String(randomInt(100_000_000, 999_999_999)))
  const der = issue({ surname: "Петров", givenNames: "Пётр Петрович", snils })
  return { der, snils, epoa: await epoaFor(snils) }
}

let attacker: Awaited<ReturnType<typeof customer>>

beforeAll(async () => {
  attacker = await customer()
  const today = moscowToday()
  const rows = await api.db().kysely.selectFrom("epoas").select("number").where("representative_snils", "=", VICTIM.snils).where("status", "=", "active").where("valid_until", ">=", today).execute()
  victimNumbers = rows.map((r) => r.number)
  // The seed's МЧД in force to the demo user: what the attacks are after.
  expect(victimNumbers.length).toBeGreaterThan(0)
})

describe("a certificate alone names no one", () => {
  test("a self-made GOST certificate with the victim's СНИЛС and ИНН (self-signed, or 'issued' by our CA): 403, nothing disclosed", async () => {
    for (const der of [selfMadeGost("self"), selfMadeGost("demo-ca")]) expectRefused(await lookup(attacker.jwt, { certificate: b64(der) }))
  })

  test("a self-made RSA certificate with the victim's СНИЛС and ИНН: 403, nothing disclosed", async () => {
    expectRefused(await lookup(attacker.jwt, { certificate: b64(await selfMadeRsa()) }))
  })

  test("the victim's real, trusted certificate (public: it is in every signature he sends) without a proof: 403", async () => {
    const { der } = fixtureKeyPair("user-ivanov")
    expectRefused(await lookup(attacker.jwt, { certificate: b64(der) }))
    // And as PEM: another spelling of the same bytes is no way round.
    const pem = `-----BEGIN CERTIFICATE-----\n${b64(der)}\n-----END CERTIFICATE-----\n`
    expectRefused(await lookup(attacker.jwt, { certificate: pem }))
  })

  test("a certificate bound to another account is not the caller's: 403; its owner gets his list", async () => {
    const holder = await customer()
    const own = await honestHolder()
    const c = await api.as(holder.jwt)<{ data: { id: string; nonce: string } }>("POST", "/api/v1/cert_auth/challenges/", { json: { purpose: "bind" } })
    const bound = await api.as(holder.jwt)("POST", "/api/v1/cert_auth/bindings/", { json: { challenge_id: c.body.data.id, signature: signText(own.der, c.body.data.nonce), password: holder.password } })
    expect(bound.status, bound.text).toBe(201)
    const stolen = await lookup(attacker.jwt, { certificate: b64(own.der) })
    expectRefused(stolen)
    expect(stolen.text).not.toContain(own.epoa.number)
    // The caller's own bound certificate: the list at once, no signature asked.
    const mine = await lookup(holder.jwt, { certificate: b64(own.der) })
    expect(mine.status, mine.text).toBe(200)
    expect(mine.body.data.map((e) => e.number)).toEqual([own.epoa.number])
  })
})

describe("a proof of possession: the caller's one-time challenge signed with the certificate's key", () => {
  test("a trusted certificate whose key signed the caller's challenge: 200 with its holder's МЧД", async () => {
    const holder = await customer()
    const own = await honestHolder()
    const c = await challengeFor(holder.jwt)
    const a = await lookup(holder.jwt, { certificate: b64(own.der), challenge_id: c.id, signature: signText(own.der, c.nonce) })
    expect(a.status, a.text).toBe(200)
    expect(a.body.data.map((e) => e.number)).toEqual([own.epoa.number])
    // The signature alone carries the certificate: the same with no `certificate` field.
    const c2 = await challengeFor(holder.jwt)
    const b = await lookup(holder.jwt, { challenge_id: c2.id, signature: signText(own.der, c2.nonce) })
    expect(b.status, b.text).toBe(200)
    expect(b.body.data.map((e) => e.number)).toEqual([own.epoa.number])
  })

  test("a self-made certificate with the victim's СНИЛС whose key really signed the challenge: 403 (the chain is not trusted)", async () => {
    for (const der of [selfMadeGost("self"), selfMadeGost("demo-ca")]) {
      const c = await challengeFor(attacker.jwt)
      expectRefused(await lookup(attacker.jwt, { certificate: b64(der), challenge_id: c.id, signature: attackerSigns(der, c.nonce) }))
    }
  })

  test("the victim's certificate posted with a signature by another (trusted) certificate: 403", async () => {
    const { der } = fixtureKeyPair("user-ivanov")
    const mine = await honestHolder()
    const c = await challengeFor(attacker.jwt)
    expectRefused(await lookup(attacker.jwt, { certificate: b64(der), challenge_id: c.id, signature: signText(mine.der, c.nonce) }))
  })

  test("a signature over another text, or with no challenge: 403", async () => {
    const { der } = fixtureKeyPair("user-ivanov")
    const c = await challengeFor(attacker.jwt)
    // The victim's signature of some other text (a document he once sent the attacker).
    expectRefused(await lookup(attacker.jwt, { certificate: b64(der), challenge_id: c.id, signature: signWithFixture("user-ivanov", "Договор поставки № 17") }))
    expectRefused(await lookup(attacker.jwt, { certificate: b64(der), signature: signWithFixture("user-ivanov", "Договор поставки № 17") }))
  })

  test("a replayed, an expired and another account's challenge: 403", async () => {
    const holder = await customer()
    const own = await honestHolder()
    const c = await challengeFor(holder.jwt)
    const body = { certificate: b64(own.der), challenge_id: c.id, signature: signText(own.der, c.nonce) }
    expect((await lookup(holder.jwt, body)).status).toBe(200)
    // Replayed: the same signed challenge again, by its own account.
    expectRefused(await lookup(holder.jwt, body))
    // Expired: five minutes are over.
    const old = await challengeFor(holder.jwt)
    await api
      .db()
      .kysely.updateTable("cert_challenges")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", Number(old.id))
      .execute()
    expectRefused(await lookup(holder.jwt, { certificate: b64(own.der), challenge_id: old.id, signature: signText(own.der, old.nonce) }))
    // The victim's proof captured on its way (his challenge, his signature) used by the attacker's session.
    const victim = await customer()
    const v = await challengeFor(victim.jwt)
    const captured = { certificate: b64(fixtureKeyPair("user-ivanov").der), challenge_id: v.id, signature: signWithFixture("user-ivanov", v.nonce) }
    expectRefused(await lookup(attacker.jwt, captured))
    // A challenge made for another purpose (binding) does not prove this.
    const bind = await api.as(holder.jwt)<{ data: { id: string; nonce: string } }>("POST", "/api/v1/cert_auth/challenges/", { json: { purpose: "bind" } })
    expectRefused(await lookup(holder.jwt, { certificate: b64(own.der), challenge_id: bind.body.data.id, signature: signText(own.der, bind.body.data.nonce) }))
  })

  test("one signed challenge sent 8 times at once: exactly one answer with data", async () => {
    const holder = await customer()
    const own = await honestHolder()
    const c = await challengeFor(holder.jwt)
    const body = { certificate: b64(own.der), challenge_id: c.id, signature: signText(own.der, c.nonce) }
    const answers = await Promise.all(Array.from({ length: 8 }, () => lookup(holder.jwt, body)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403, 403, 403, 403, 403])
  })
})

describe("bad input stays a 4xx", () => {
  test("no certificate and no signature, garbage, an oversized field, no session", async () => {
    expect((await lookup(attacker.jwt, {})).status).toBe(422)
    const garbage = await lookup(attacker.jwt, { certificate: "not a certificate" })
    expect(garbage.status).toBe(422)
    expect((await lookup(attacker.jwt, { certificate: "A".repeat(300_000) })).status).toBe(422)
    expect((await lookup(attacker.jwt, { challenge_id: ["x"], signature: 5 })).status).toBe(422)
    const anonymous = await api.anonymous("POST", "/api/v1/cert_auth/epoas/", { json: { certificate: b64(fixtureKeyPair("user-ivanov").der) } })
    expect(anonymous.status).toBe(401)
    expect(leaked(anonymous)).toEqual([])
  })

  test("the refusal's message is the Russian one of the signer's texts", async () => {
    const a = await lookup(attacker.jwt, { certificate: b64(fixtureKeyPair("user-ivanov").der) })
    expect([a.status, (a.body as { error?: string }).error]).toEqual([403, t.epoaCertificateNotOwn])
  })
})
