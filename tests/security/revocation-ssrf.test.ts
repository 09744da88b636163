import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { trustRootRow } from "../../server/db/seed/trust-roots.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { forgetCrls } from "../../server/services/pki/revocation/crl-check.ts"
import { fetchRevocationData, type FetchSettings } from "../../server/services/pki/revocation/fetch.ts"
import { foreignRevocation } from "../../server/services/pki/revocation/foreign.ts"
import type { TrustStore } from "../../server/services/pki/types.ts"
import { validateCertificate } from "../../server/services/pki/validate.ts"
import { call, serverWithAdmin } from "../api/helpers.ts"
import { ForeignCa, type RevocationServer, startRevocationServer } from "../support/foreign-ca.ts"
import { keepTrustList } from "../support/trust-list.ts"

/**
 * A certificate's CRL address is its issuer's choice, and anyone who gets a certificate from a trusted
 * CA (or uploads one to the public check) chooses where the server fetches from. The attacks as sent:
 * certificates of a trusted CA naming internal addresses, schemes other than http(s), a redirect into
 * the internal network, an endless CRL, a server that never answers. Each is answered 'не проверялся'
 * with the reason, and no request reaches the internal server (it counts every hit).
 */

const ca = new ForeignCa()
const root = parseCertificate(ca.der)
let internal: RevocationServer

beforeAll(async () => {
  internal = await startRevocationServer()
  internal.route("/crl", (_req, res) => void res.writeHead(200).end("internal secret"))
})
afterAll(() => internal.close())

describe("through POST /api/v1/svs/certificates/validate/ (the server's default settings)", () => {
  // Fetching on, as by default outside the tests (whose servers fetch nothing unless asked).
  const api = serverWithAdmin({ env: { REVOCATION_FETCH: "1" } })
  keepTrustList(api)
  beforeAll(async () => {
    await api
      .db()
      .kysely.insertInto("trust_roots")
      .values(trustRootRow(root, "uploaded", new Date().toISOString()) as never)
      // PostgreSQL's test database is shared: another file may trust the same root already.
      .onConflict((oc) => oc.column("thumbprint").doNothing())
      .execute()
  })

  it("internal addresses and other schemes in the CRL distribution point: not checked, why, and no request made", async () => {
    const port = new URL(internal.url).port
    const attacks: [string, string][] = [
      [`http://127.0.0.1:${port}/crl`, "Адрес списка отзыва не разрешён: 127.0.0.1 указывает на внутреннюю сеть"],
      ["http://169.254.169.254/latest/meta-data/", "Адрес списка отзыва не разрешён: 169.254.169.254 указывает на внутреннюю сеть"],
      [`http://[::1]:${port}/crl`, "Адрес списка отзыва не разрешён: ::1 указывает на внутреннюю сеть"],
      [`http://localhost:${port}/crl`, "Адрес списка отзыва не разрешён: localhost указывает на внутреннюю сеть"],
      [`http://[::ffff:127.0.0.1]:${port}/crl`, "Адрес списка отзыва не разрешён: ::ffff:7f00:1 указывает на внутреннюю сеть"],
      ["file:///etc/passwd", "Адрес списка отзыва не разрешён (только http и https): file:///etc/passwd"],
      [`gopher://127.0.0.1:${port}/_GET%20/crl`, `Адрес списка отзыва не разрешён (только http и https): gopher://127.0.0.1:${port}/_GET%20/crl`],
    ]
    for (const [url, note] of attacks) {
      const leaf = ca.issue({ crl: [url], ocsp: [url.startsWith("http") ? url : `http://127.0.0.1:${port}/crl`] })
      const res = await call<{ valid: boolean; verdict: string; revocation: { status: string; note: string; text: string } }>(api.url, "POST", "/api/v1/svs/certificates/validate/", {
        json: { certificate: Buffer.from(leaf.der).toString("base64") },
      })
      expect(res.status, url).toBe(200)
      expect(res.body.revocation, url).toMatchObject({ status: "not_checked", note, text: `не проверялся: ${note}` })
      expect(res.body.verdict, url).toBe(`Сертификат действителен (статус отзыва не проверялся: ${note})`)
    }
    expect(internal.total()).toBe(0)
  })
})

describe("the fetch rules against a CRL server that is reachable (private hosts allowed, as for tests)", () => {
  let attacker: RevocationServer
  const storeWith = (settings: FetchSettings): TrustStore => ({
    roots: async () => [root],
    revocationOf: async (certificate, issuer) => (issuer ? foreignRevocation(certificate, issuer, (request) => fetchRevocationData(request, settings)) : null),
  })
  const reachable = storeWith({ proxy: null, allowPrivateHosts: true })
  const check = async (url: string, store = reachable) => (await validateCertificate(ca.issue({ crl: [url] }).der, store)).revocation

  beforeAll(async () => {
    forgetCrls()
    attacker = await startRevocationServer()
    attacker.route("/to-internal", (_req, res) => void res.writeHead(302, { location: `${internal.url}/crl` }).end())
    attacker.route("/to-metadata", (_req, res) => void res.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/iam/" }).end())
    attacker.route("/huge-declared", (_req, res) => {
      res.writeHead(200, { "content-length": 11 * 1024 * 1024 })
      res.end(Buffer.alloc(11 * 1024 * 1024))
    })
    attacker.route("/huge-streamed", (_req, res) => {
      res.writeHead(200)
      const chunk = Buffer.alloc(1024 * 1024)
      let sent = 0
      const more = () => {
        while (sent < 64 && res.write(chunk)) sent++
        if (sent < 64) res.once("drain", more)
        else res.end()
      }
      res.on("close", () => (sent = 64))
      more()
    })
    attacker.route("/slow", () => {
      // Never answers: the fetch's 5 s deadline ends it.
    })
  })
  afterAll(() => attacker.close())

  it("a host resolving to 10.x is refused (by the default rules) before any connection", async () => {
    const resolve = async () => [{ address: "10.20.30.40", family: 4 }]
    const revocation = await check("http://crl.attacker.example/ca.crl", storeWith({ proxy: null, allowPrivateHosts: false, resolve }))
    expect(revocation).toMatchObject({ status: "not_checked", note: "Адрес списка отзыва не разрешён: crl.attacker.example указывает на внутреннюю сеть" })
  })

  it("a redirect to an internal address is not followed", async () => {
    for (const path of ["/to-internal", "/to-metadata"]) {
      const revocation = await check(`${attacker.url}${path}`)
      expect(revocation, path).toMatchObject({ status: "not_checked", note: `Список отзыва недоступен: ${attacker.url}${path} перенаправляет на другой адрес` })
    }
    expect(attacker.hits.get("/to-internal")).toBe(1)
    expect(internal.total()).toBe(0)
  })

  it("an oversized CRL, declared or streamed, is cut at 10 MB", async () => {
    for (const path of ["/huge-declared", "/huge-streamed"]) {
      const revocation = await check(`${attacker.url}${path}`)
      expect(revocation, path).toMatchObject({ status: "not_checked", note: `Ответ ${attacker.url}${path} больше допустимого (10 МБ)` })
    }
  })

  it("a server that never answers is left after 5 seconds", async () => {
    const started = Date.now()
    const revocation = await check(`${attacker.url}/slow`)
    expect(revocation).toMatchObject({ status: "not_checked", note: `Истекло время ожидания ответа ${attacker.url}/slow (5 с)` })
    expect(Date.now() - started).toBeLessThan(7000)
  })
})
