import { beforeAll, describe, expect, test } from "vitest"
import { hashPassword } from "../../server/lib/passwords.ts"
import { DEMO_CODE_WORD } from "../../server/db/seed/certificates.ts"
import { registerCertificate } from "../../server/services/register/register.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"
import { fixtureKeyPair, signWithFixture } from "../support/cadesplugin.ts"
import { clearCounters } from "../support/limits.ts"
import { dayFromNow, epoaRow } from "../support/epoa-rows.ts"
import { DEMO_DIRECTOR, DEMO_USER, registerUser, signInUser } from "../support/users.ts"
import { call, errorsOf } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * Signing with a certificate against the real server (docs/signer.md): every signature is a real
 * CAdES-BES made with a fixture's GOST key (tests/fixtures/pki/) and verified by the PKI core.
 */
const server = serverWithAdmin()
let userToken = ""
/**
 * The seed's own code word: on PostgreSQL the test files share one database, where the register's
 * tests suspend the same demo certificate by phone with this word at the same time.
 */
const CODE_WORD = DEMO_CODE_WORD

/** The fixture's certificate in our register, with this code word (null: none) and status. */
async function register(name: string, codeWord: string | null, status: "valid" | "revoked" | "suspended" = "valid") {
  const { info } = fixtureKeyPair(name)
  const hash = codeWord === null ? null : await hashPassword(codeWord)
  const row = await server.db().kysely.selectFrom("certificates").select("id").where("thumbprint", "=", info.thumbprint).executeTakeFirst()
  if (!row) await registerCertificate(server.db(), info, { source: "imported", codeWordHash: hash })
  await server.db().kysely.updateTable("certificates").set({ code_word_hash: hash, status, revocation_reason: status === "valid" ? null : status === "suspended" ? 6 : 1 }).where("thumbprint", "=", info.thumbprint).execute()
}

beforeAll(async () => {
  userToken = (await signInUser(server.url, DEMO_USER.email)).jwt
  // On PostgreSQL the database outlives a run: the bindings this file makes go first, so it runs twice.
  const bound = ["user-ivanov", "user-ivanov-dss", "director-romashka"].map((n) => fixtureKeyPair(n).info.thumbprint)
  await server.db().kysely.deleteFrom("certificate_bindings").where("thumbprint", "in", bound).execute()
  await register("user-ivanov", CODE_WORD)
  await register("director-romashka", null)
  await register("director-romashka-dss", null, "revoked")
})

const api = (method: string, path: string, json?: unknown, token?: string) => call(server.url, method, path, { json, token })
type ChallengeAnswer = { data: { id: string; nonce: string; expires_at: string } }

async function challenge(purpose: string, token?: string) {
  const a = await api("POST", "/api/v1/cert_auth/challenges/", { purpose }, token)
  expect(a.status).toBe(201)
  return (a.body as ChallengeAnswer).data
}

async function bind(name: string, token = userToken, password: string = DEMO_USER.password) {
  const c = await challenge("bind", token)
  return api("POST", "/api/v1/cert_auth/bindings/", { challenge_id: c.id, signature: signWithFixture(name, c.nonce), password }, token)
}

describe("challenges", () => {
  test("a bind challenge needs the account; a sign-in one does not; 5 minutes; a random nonce", async () => {
    expect((await api("POST", "/api/v1/cert_auth/challenges/", { purpose: "bind" })).status).toBe(401)
    const bad = await api("POST", "/api/v1/cert_auth/challenges/", { purpose: "steal" }, userToken)
    expect(bad.status).toBe(422)
    expect(errorsOf(bad).purpose).toEqual([t.purposeInvalid])
    const a = await challenge("sign_in")
    const b = await challenge("sign_in")
    expect(a.nonce).not.toBe(b.nonce)
    expect(a.nonce.length).toBeGreaterThan(43)
    const ttl = new Date(a.expires_at).getTime() - Date.now()
    expect(ttl).toBeGreaterThan(4 * 60 * 1000)
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000)
  })

  test("a challenge works once; an expired one and another account's are refused", async () => {
    const other = await registerUser(server.url, server.db())
    await server.db().kysely.updateTable("users").set({ confirmed_at: new Date().toISOString() }).where("id", "=", Number(other.id)).execute()
    const otherToken = (await signInUser(server.url, other.email, other.password)).jwt
    const c = await challenge("bind", otherToken)
    const signature = signWithFixture("untrusted-leaf", c.nonce)
    // Another account cannot spend it.
    const stolen = await api("POST", "/api/v1/cert_auth/bindings/", { challenge_id: c.id, signature, password: DEMO_USER.password }, userToken)
    expect(stolen.status).toBe(422)
    expect(errorsOf(stolen).challenge_id).toEqual([t.challengeInvalid])
    // Its owner spends it once (the signature is refused, but the challenge is gone).
    const first = await api("POST", "/api/v1/cert_auth/bindings/", { challenge_id: c.id, signature, password: other.password }, otherToken)
    expect(first.status).toBe(422)
    expect(errorsOf(first).signature).toEqual([t.certificateUntrusted])
    const again = await api("POST", "/api/v1/cert_auth/bindings/", { challenge_id: c.id, signature, password: other.password }, otherToken)
    expect(errorsOf(again).challenge_id).toEqual([t.challengeInvalid])
    // Expired: the same request with a challenge whose five minutes are over.
    const old = await challenge("bind", otherToken)
    await server.db().kysely.updateTable("cert_challenges").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", Number(old.id)).execute()
    const late = await api("POST", "/api/v1/cert_auth/bindings/", { challenge_id: old.id, signature: signWithFixture("director-romashka", old.nonce), password: other.password }, otherToken)
    expect(late.status).toBe(422)
    expect(errorsOf(late).challenge_id).toEqual([t.challengeInvalid])
    expect(await server.db().kysely.selectFrom("certificate_bindings").select("id").where("user_id", "=", Number(other.id)).execute()).toEqual([])
  })
})

describe("binding", () => {
  test("a wrong password keeps the challenge and binds nothing", async () => {
    const c = await challenge("bind", userToken)
    const signature = signWithFixture("user-ivanov", c.nonce)
    const wrong = await api("POST", "/api/v1/cert_auth/bindings/", { challenge_id: c.id, signature, password: "Wrong-Pass-1!" }, userToken)
    expect(wrong.status).toBe(422)
    expect(errorsOf(wrong).password).toEqual([t.wrongPassword])
    expect((await api("GET", "/api/v1/cert_auth/bindings/", undefined, userToken)).body).toEqual({ data: [] })
    // The same signature with the right password then binds (the challenge was not spent).
    const ok = await api("POST", "/api/v1/cert_auth/bindings/", { challenge_id: c.id, signature, password: DEMO_USER.password }, userToken)
    expect(ok.status).toBe(201)
    const { info } = fixtureKeyPair("user-ivanov")
    expect((ok.body as { data: Record<string, unknown> }).data).toMatchObject({ thumbprint: info.thumbprint, serial: info.serial, in_register: true, subject_name: info.subject.text })
    const row = await server.db().kysely.selectFrom("certificate_bindings").selectAll().where("thumbprint", "=", info.thumbprint).executeTakeFirstOrThrow()
    expect(row.certificate_id).not.toBeNull()
    expect(Buffer.from(row.der, "base64").equals(Buffer.from(info.der))).toBe(true)
  })

  test("already bound, tampered, other text, untrusted, expired, revoked, not a signature: 422 with the reason", async () => {
    const reason = async (signatureOf: (nonce: string) => string) => {
      const c = await challenge("bind", userToken)
      const a = await api("POST", "/api/v1/cert_auth/bindings/", { challenge_id: c.id, signature: signatureOf(c.nonce), password: DEMO_USER.password }, userToken)
      expect(a.status).toBe(422)
      return errorsOf(a)
    }
    expect((await reason((n) => signWithFixture("user-ivanov", n))).signature).toEqual([t.alreadyBound])
    // One changed byte in the signature value (the CMS's last bytes) breaks it.
    const tampered = (n: string) => {
      const der = Buffer.from(signWithFixture("director-romashka", n), "base64")
      der[der.length - 5] = der[der.length - 5]! ^ 0x01
      return der.toString("base64")
    }
    expect((await reason(tampered)).signature).toEqual([t.signatureInvalid])
    expect((await reason((n) => signWithFixture("director-romashka", n + "x"))).signature).toEqual([t.signatureInvalid])
    expect((await reason((n) => signWithFixture("untrusted-leaf", n))).signature).toEqual([t.certificateUntrusted])
    expect((await reason((n) => signWithFixture("user-ivanov-expired", n))).signature).toEqual([t.certificateExpired])
    expect((await reason((n) => signWithFixture("director-romashka-dss", n))).signature).toEqual([t.certificateRevoked])
    expect((await reason(() => Buffer.from("not a signature at all").toString("base64"))).signature).toEqual([t.signatureNotCms])
    expect((await reason(() => "")).signature).toEqual([t.signatureRequired])
    // Only user-ivanov's binding (other files' accounts bind certificates of their own on a shared database).
    const tried = ["user-ivanov", "director-romashka", "untrusted-leaf", "user-ivanov-expired", "director-romashka-dss"].map((n) => fixtureKeyPair(n).info.thumbprint)
    const count = await server.db().kysely.selectFrom("certificate_bindings").select("thumbprint").where("thumbprint", "in", tried).execute()
    expect(count.map((r) => r.thumbprint)).toEqual([fixtureKeyPair("user-ivanov").info.thumbprint])
  })

  test("a certificate bound to one account cannot be bound to another", async () => {
    const director = (await signInUser(server.url, DEMO_DIRECTOR.email)).jwt
    const a = await bind("user-ivanov", director, DEMO_DIRECTOR.password)
    expect(a.status).toBe(422)
    expect(errorsOf(a).signature).toEqual([t.alreadyBound])
  })

  test("the list is the account's own; 'Отвязать' removes only one's own binding", async () => {
    const director = (await signInUser(server.url, DEMO_DIRECTOR.email)).jwt
    const bound = await bind("director-romashka", director, DEMO_DIRECTOR.password)
    expect(bound.status).toBe(201)
    const id = (bound.body as { data: { id: string } }).data.id
    const mine = (await api("GET", "/api/v1/cert_auth/bindings/", undefined, userToken)).body as { data: { id: string }[] }
    expect(mine.data.map((b) => b.id)).not.toContain(id)
    expect((await api("DELETE", `/api/v1/cert_auth/bindings/${id}/`, undefined, userToken)).status).toBe(404)
    expect((await api("GET", "/api/v1/cert_auth/bindings/")).status).toBe(401)
    expect((await api("DELETE", `/api/v1/cert_auth/bindings/${id}/`, undefined, director)).status).toBe(204)
    expect(((await api("GET", "/api/v1/cert_auth/bindings/", undefined, director)).body as { data: unknown[] }).data).toEqual([])
  })
})

describe("sign-in by certificate", () => {
  const step1 = async (name: string) => {
    const c = await challenge("sign_in")
    return { c, a: await api("POST", "/api/v1/cert_auth/sign_in/", { challenge_id: c.id, signature: signWithFixture(name, c.nonce) }) }
  }

  test("a bound certificate with a code word: step 1 asks it, step 2 gives the password sign-in's session", async () => {
    const { c, a } = await step1("user-ivanov")
    expect(a.status).toBe(200)
    expect(a.body).toEqual({ vector_required: true, challenge_id: c.id })
    // The nonce is part of step 2: the challenge's id alone is not enough.
    const noNonce = await api("POST", "/api/v1/cert_auth/sign_in/vector/", { challenge_id: c.id, nonce: "guess", vector: CODE_WORD })
    expect(errorsOf(noNonce).challenge_id).toEqual([t.challengeInvalid])
    const ok = await api("POST", "/api/v1/cert_auth/sign_in/vector/", { challenge_id: c.id, nonce: c.nonce, vector: CODE_WORD })
    expect(ok.status).toBe(200)
    const body = ok.body as { jwt: string; email: string; type: string }
    expect(body).toMatchObject({ email: DEMO_USER.email, type: "user" })
    const info = await api("GET", "/api/v1/users/info/", undefined, body.jwt)
    expect((info.body as { data: { email: string } }).data.email).toBe(DEMO_USER.email)
    // Used once: the same step 2 again is refused.
    const again = await api("POST", "/api/v1/cert_auth/sign_in/vector/", { challenge_id: c.id, nonce: c.nonce, vector: CODE_WORD })
    expect(errorsOf(again).challenge_id).toEqual([t.challengeInvalid])
    // And so is step 1 with the same challenge.
    const replay = await api("POST", "/api/v1/cert_auth/sign_in/", { challenge_id: c.id, signature: signWithFixture("user-ivanov", c.nonce) })
    expect(errorsOf(replay).challenge_id).toEqual([t.challengeInvalid])
  })

  test("5 wrong code words spend the challenge, even the right one is refused after", async () => {
    const { c } = await step1("user-ivanov")
    for (let i = 1; i <= 4; i++) {
      const wrong = await api("POST", "/api/v1/cert_auth/sign_in/vector/", { challenge_id: c.id, nonce: c.nonce, vector: `WRONG${i}` })
      expect(wrong.status).toBe(422)
      expect(errorsOf(wrong).vector).toEqual([t.wrongVector])
    }
    const fifth = await api("POST", "/api/v1/cert_auth/sign_in/vector/", { challenge_id: c.id, nonce: c.nonce, vector: "WRONG5" })
    expect(errorsOf(fifth).challenge_id).toEqual([t.vectorSpent])
    const right = await api("POST", "/api/v1/cert_auth/sign_in/vector/", { challenge_id: c.id, nonce: c.nonce, vector: CODE_WORD })
    expect(right.status).toBe(422)
    expect(errorsOf(right).challenge_id).toEqual([t.challengeInvalid])
    // The failures counted for the account: clear them so the next tests start clean.
    await clearCounters(server.db())
  })

  test("without a code word in the register the session comes at once", async () => {
    const director = (await signInUser(server.url, DEMO_DIRECTOR.email)).jwt
    expect((await bind("director-romashka", director, DEMO_DIRECTOR.password)).status).toBe(201)
    const { a } = await step1("director-romashka")
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({ email: DEMO_DIRECTOR.email, type: "director" })
    expect(typeof (a.body as { jwt: unknown }).jwt).toBe("string")
  })

  test("an unbound or untrusted certificate is refused; nothing is signed in", async () => {
    const { a } = await step1("user-ivanov-dss")
    expect(a.status).toBe(422)
    expect(errorsOf(a).signature).toEqual([t.notBound])
    const { a: untrusted } = await step1("untrusted-leaf")
    expect(errorsOf(untrusted).signature).toEqual([t.certificateUntrusted])
    const c = await challenge("sign_in")
    const foreign = await api("POST", "/api/v1/cert_auth/sign_in/", { challenge_id: c.id, signature: signWithFixture("director-romashka", "another text") })
    expect(errorsOf(foreign).signature).toEqual([t.signatureInvalid])
  })

  test("malformed bodies are 422 (or 400 for bad JSON), never 500", async () => {
    expect((await call(server.url, "POST", "/api/v1/cert_auth/sign_in/", { raw: "{" })).status).toBe(400)
    const empty = await api("POST", "/api/v1/cert_auth/sign_in/", {})
    expect(errorsOf(empty).signature).toEqual([t.signatureRequired])
    const huge = await api("POST", "/api/v1/cert_auth/sign_in/", { challenge_id: "1", signature: "A".repeat(300_000) })
    expect(errorsOf(huge).signature).toEqual([t.signatureNotCms])
    const junkId = await api("POST", "/api/v1/cert_auth/sign_in/", { challenge_id: "1e99", signature: "AAAA" })
    expect(errorsOf(junkId).challenge_id).toEqual([t.challengeInvalid])
    const vector = await api("POST", "/api/v1/cert_auth/sign_in/vector/", { challenge_id: ["x"], nonce: 5, vector: "" })
    expect(errorsOf(vector).vector).toEqual([t.vectorRequired])
  })
})

describe("МЧД of a certificate's holder", () => {
  test("the source `epoas` lists the МЧД in force issued to the certificate's SNILS or INN; signing for the organisation checks it", async () => {
    const { info } = fixtureKeyPair("user-ivanov")
    const row = (over: Record<string, unknown>) => epoaRow({ representative_snils: info.subject.snils, ...over })
    const day = dayFromNow
    const good = await server.db().kysely.insertInto("epoas").values(row({})).returning("id").executeTakeFirstOrThrow()
    const revoked = await server.db().kysely.insertInto("epoas").values(row({ status: "revoked" })).returning("id").executeTakeFirstOrThrow()
    const expired = await server.db().kysely.insertInto("epoas").values(row({ valid_until: day(-1) })).returning("id").executeTakeFirstOrThrow()
    const other = await server.db().kysely.insertInto("epoas").values(row({ representative_snils: "11223344595" })).returning("id").executeTakeFirstOrThrow()
    const certificate = Buffer.from(info.der).toString("base64")
    expect((await api("POST", "/api/v1/cert_auth/epoas/", { certificate })).status).toBe(401)
    // user-ivanov is bound to the demo user (the binding tests above): his own certificate lists at once.
    const list = await api("POST", "/api/v1/cert_auth/epoas/", { certificate }, userToken)
    expect(list.status).toBe(200)
    // The demo registry may hold the demo user's own МЧД too; these rows decide by status, validity and holder.
    const idsOf = (a: { body: unknown }) => (a.body as { data: { id: string }[] }).data.map((e) => e.id)
    const ids = idsOf(list)
    expect(ids).toContain(String(good.id))
    for (const no of [revoked.id, expired.id, other.id]) expect(ids).not.toContain(String(no))
    expect(errorsOf(await api("POST", "/api/v1/cert_auth/epoas/", { certificate: "garbage" }, userToken)).certificate).toHaveLength(1)
    expect(errorsOf(await api("POST", "/api/v1/cert_auth/epoas/", {}, userToken)).certificate).toEqual([t.certificateRequired])

    // His second (cloud) certificate is not bound: 403 on its own, the list once its key signed an `epoas` challenge.
    const dss = Buffer.from(fixtureKeyPair("user-ivanov-dss").der).toString("base64")
    const unproven = await api("POST", "/api/v1/cert_auth/epoas/", { certificate: dss }, userToken)
    expect(unproven.status).toBe(403)
    expect(unproven.body).toEqual({ error: t.epoaCertificateNotOwn })
    expect((await api("POST", "/api/v1/cert_auth/challenges/", { purpose: "epoas" })).status).toBe(401)
    const proof = await challenge("epoas", userToken)
    const proven = await api("POST", "/api/v1/cert_auth/epoas/", { certificate: dss, challenge_id: proof.id, signature: signWithFixture("user-ivanov-dss", proof.nonce) }, userToken)
    expect(proven.status).toBe(200)
    expect(idsOf(proven)).toContain(String(good.id))
    // The same bound certificate is not the director's: 403 for him, nothing listed.
    const director = (await signInUser(server.url, DEMO_DIRECTOR.email)).jwt
    const notHis = await api("POST", "/api/v1/cert_auth/epoas/", { certificate }, director)
    expect([notHis.status, notHis.body]).toEqual([403, { error: t.epoaCertificateNotOwn }])

    const sign = async (epoaId: number) => {
      const c = await challenge("org_sign", userToken)
      return api("POST", "/api/v1/cert_auth/org_signatures/", { challenge_id: c.id, signature: signWithFixture("user-ivanov", c.nonce), epoa_id: String(epoaId) }, userToken)
    }
    const signed = await sign(good.id)
    expect(signed.status).toBe(200)
    expect((signed.body as { message: string }).message).toContain("ООО «Ромашка»")
    for (const no of [other.id, revoked.id, expired.id]) {
      const refused = await sign(no)
      expect(refused.status).toBe(422)
      expect(errorsOf(refused).epoa).toEqual([t.epoaInvalid])
    }
  })
})
