import { readFileSync } from "node:fs"
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { createCa } from "../../server/services/pki/ca.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { forgetCrls } from "../../server/services/pki/revocation/crl-check.ts"
import { fetchRevocationData } from "../../server/services/pki/revocation/fetch.ts"
import { foreignRevocation } from "../../server/services/pki/revocation/foreign.ts"
import { crlIssuerDer, sameBytes, subjectDer } from "../../server/services/pki/revocation/name-der.ts"
import { forgetOcspAnswers, ocspRequestOf, ocspUrlsOf } from "../../server/services/pki/revocation/ocsp.ts"
import type { TrustStore } from "../../server/services/pki/types.ts"
import { certificateReportView, validateCertificate } from "../../server/services/pki/validate.ts"
import { answer, ForeignCa, type RevocationServer, startRevocationServer } from "../support/foreign-ca.ts"

// Another CA (the fixtures' ECDSA CA) whose CRL and OCSP responder are a local server: private
// addresses are allowed here as ALLOW_PRIVATE_REVOCATION_HOSTS allows them to tests.
const ca = new ForeignCa()
const root = parseCertificate(ca.der)
let server: RevocationServer
const fetcher = (request: Parameters<typeof fetchRevocationData>[0]) => fetchRevocationData(request, { proxy: null, allowPrivateHosts: true, timeoutMs: 2000 })
const store: TrustStore = {
  roots: async () => [root],
  revocationOf: async (certificate, issuer) => (issuer ? foreignRevocation(certificate, issuer, fetcher) : null),
}
const check = (der: Uint8Array) => validateCertificate(der, store)
const CRL_TYPE = "application/pkix-crl"

beforeAll(async () => {
  server = await startRevocationServer()
})
afterAll(() => server.close())
beforeEach(() => {
  forgetCrls()
  forgetOcspAnswers()
})

describe("another CA's certificate on its CRL", () => {
  it("revoked on the CRL: revoked, with the date and reason; the verdict says so", async () => {
    const leaf = ca.issue({ crl: [`${server.url}/r1.crl`] })
    const at = new Date("2026-05-01T09:00:00Z")
    server.route("/r1.crl", answer(ca.crl([{ serial: leaf.serial, at, reason: 1 }]), CRL_TYPE))
    const report = await check(leaf.der)
    expect(report.chainStatus).toBe("trusted")
    expect(report.revocation).toMatchObject({ status: "revoked", reason: 1, revokedAt: at })
    expect(report.valid).toBe(false)
    expect(report.verdict).toBe("Сертификат прекращён (отозван) 01.05.2026")
    expect(certificateReportView(report).revocation.reasonText).toBe("Компрометация ключа")
  })

  it("not on the CRL: good and valid; the list is kept until its nextUpdate (one fetch for two checks)", async () => {
    const other = ca.issue({ crl: [`${server.url}/r2.crl`] })
    const leaf = ca.issue({ crl: [`${server.url}/r2.crl`] })
    server.route("/r2.crl", answer(ca.crl([{ serial: other.serial, at: new Date(), reason: 0 }]), CRL_TYPE))
    const report = await check(leaf.der)
    expect(report.revocation.status).toBe("good")
    expect(report.valid).toBe(true)
    expect(report.verdict).toBe("Сертификат действителен")
    expect((await check(other.der)).revocation.status).toBe("revoked")
    expect(server.hits.get("/r2.crl")).toBe(1)
  })

  it("a CRL's issuer is compared with the issuer's subject as encoded, besides the decoded text", () => {
    const demoCa = readFileSync("server/db/seed/pki/ca.cer")
    expect(sameBytes(crlIssuerDer(readFileSync("tests/fixtures/pki/demo-ca-revoked.crl")), subjectDer(demoCa))).toBe(true)
    expect(sameBytes(crlIssuerDer(ca.crl([])), subjectDer(ca.der))).toBe(true)
    expect(sameBytes(crlIssuerDer(readFileSync("tests/fixtures/pki/rsa-ca.crl")), subjectDer(ca.der))).toBe(false)
  })

  it("a GOST CA's CRL (our CA's code, its CDP at the local server) verifies with the GOST issuer key", async () => {
    // Here no register knows the demo CA: its certificates are checked on their CRL like any other CA's.
    const gostCa = createCa(readFileSync("server/db/seed/pki/ca.key", "utf8"), readFileSync("server/db/seed/pki/ca.cer"), server.url)
    const window = { notBefore: new Date(Date.now() - 86_400_000), notAfter: new Date(Date.now() + 86_400_000) }
    const leaf = gostCa.issue({ csr: readFileSync("tests/fixtures/pki/csr-gost256.pem", "utf8"), subject: { surname: "Иванов", givenNames: "Иван Иванович" }, ...window })
    expect(leaf.crlDistributionPoints).toEqual([gostCa.crlUrl])
    const path = new URL(gostCa.crlUrl).pathname
    server.route(path, answer(gostCa.buildCrl([{ serial: leaf.serial, revokedAt: new Date("2026-03-03T03:00:00Z"), reason: 4 }], 1, new Date(), new Date(Date.now() + 3_600_000)), CRL_TYPE))
    const gostStore: TrustStore = { ...store, roots: async () => [gostCa.certificate] }
    const report = await validateCertificate(leaf, gostStore)
    expect(report.chainStatus).toBe("trusted")
    expect(report.revocation).toMatchObject({ status: "revoked", reason: 4, revokedAt: new Date("2026-03-03T03:00:00Z") })
  })

  it("certificateHold is a suspension", async () => {
    const leaf = ca.issue({ crl: [`${server.url}/hold.crl`] })
    server.route("/hold.crl", answer(ca.crl([{ serial: leaf.serial, at: new Date(), reason: 6 }]), CRL_TYPE))
    expect((await check(leaf.der)).revocation.status).toBe("suspended")
  })

  it("a CRL whose signature does not verify, of another issuer, not a CRL, or stale: not checked, with the reason", async () => {
    const good = ca.crl([])
    const forged = new Uint8Array(good)
    forged[forged.length - 5]! ^= 0x01
    server.route("/forged.crl", answer(forged, CRL_TYPE))
    server.route("/rsa.crl", answer(readFileSync("tests/fixtures/pki/rsa-ca.crl"), CRL_TYPE))
    server.route("/garbage.crl", answer(new TextEncoder().encode("<html>not here</html>"), "text/html"))
    server.route("/stale.crl", answer(ca.crl([], new Date(Date.now() - 3_600_000)), CRL_TYPE))
    const cases: [string, RegExp][] = [
      ["/forged.crl", /^Подпись списка отзыва .* не подтверждается ключом издателя$/],
      ["/rsa.crl", /^Список отзыва .* выпущен не издателем сертификата$/],
      ["/garbage.crl", /^По адресу .* не список отзыва$/],
      ["/stale.crl", /^Список отзыва .* устарел: следующий ожидался \d\d\.\d\d\.\d{4} \d\d:\d\d$/],
    ]
    for (const [path, reason] of cases) {
      const report = await check(ca.issue({ crl: [`${server.url}${path}`] }).der)
      expect(report.revocation.status, path).toBe("not_checked")
      expect(report.revocation.note, path).toMatch(reason)
      expect(report.valid, path).toBe(true)
      expect(report.verdict).toBe(`Сертификат действителен (статус отзыва не проверялся: ${report.revocation.note})`)
      expect(certificateReportView(report).revocation.text).toBe(`не проверялся: ${report.revocation.note}`)
    }
  })

  it("an unreachable list: not checked, saying so; the second address answers when the first does not", async () => {
    const leaf = ca.issue({ crl: [`${server.url}/missing.crl`] })
    const report = await check(leaf.der)
    expect(report.revocation).toMatchObject({ status: "not_checked", note: `Список отзыва недоступен: ${server.url}/missing.crl ответил кодом 404` })
    const two = ca.issue({ crl: [`${server.url}/missing2.crl`, `${server.url}/second.crl`] })
    server.route("/second.crl", answer(ca.crl([{ serial: two.serial, at: new Date(), reason: 4 }]), CRL_TYPE))
    expect((await check(two.der)).revocation).toMatchObject({ status: "revoked", reason: 4 })
  })

  it("no CRL or OCSP address: not checked, saying so", async () => {
    const report = await check(ca.issue().der)
    expect(report.revocation).toMatchObject({ status: "not_checked", note: "в сертификате нет адреса списка отзыва или службы OCSP" })
  })

  it("no further address is tried once the check has taken its time budget (8 s)", async () => {
    const leaf = parseCertificate(ca.issue({ crl: ["http://a.example.ru/1.crl", "http://b.example.ru/2.crl"], ocsp: ["http://c.example.ru/ocsp"] }).der)
    const asked: string[] = []
    let clock = 0
    const spy = vi.spyOn(Date, "now").mockImplementation(() => (clock += 5000))
    try {
      const answer = await foreignRevocation(leaf, root, async (request) => {
        asked.push(request.url)
        return { ok: false, reason: `нет ответа ${request.url}` }
      })
      expect(asked).toEqual(["http://a.example.ru/1.crl"])
      expect(answer).toMatchObject({ status: "not_checked", note: "нет ответа http://a.example.ru/1.crl" })
    } finally {
      spy.mockRestore()
    }
  })

  it("an untrusted chain fetches nothing", async () => {
    const before = server.total()
    const leaf = ca.issue({ crl: [`${server.url}/untrusted.crl`] })
    const report = await validateCertificate(leaf.der, { ...store, roots: async () => [] })
    expect(report.chainStatus).toBe("untrusted")
    expect(report.revocation.status).toBe("not_checked")
    expect(server.total()).toBe(before)
  })
})

describe("another CA's certificate by OCSP", () => {
  const ocspRoute = (path: string, revoked: Parameters<ForeignCa["ocspAnswer"]>[1], responder?: Parameters<ForeignCa["ocspAnswer"]>[2], tamper = false) =>
    server.route(path, (_req, res, body) => {
      const der = ca.ocspAnswer(body, revoked, responder)
      if (tamper) der[der.length - 3]! ^= 0x01
      res.writeHead(200, { "content-type": "application/ocsp-response" }).end(Buffer.from(der))
    })

  it("the responder's address is read from authorityInfoAccess", () => {
    const leaf = parseCertificate(ca.issue({ ocsp: ["http://ocsp.example.ru/ocsp"] }).der)
    expect(ocspUrlsOf(leaf)).toEqual(["http://ocsp.example.ru/ocsp"])
  })

  it("good and revoked answers signed by the CA; kept until nextUpdate", async () => {
    const good = ca.issue({ ocsp: [`${server.url}/ocsp1`] })
    const bad = ca.issue({ ocsp: [`${server.url}/ocsp1`] })
    const at = new Date("2026-04-02T10:00:00Z")
    ocspRoute("/ocsp1", [{ serial: bad.serial, at, reason: 1 }])
    expect((await check(good.der)).revocation).toMatchObject({ status: "good" })
    expect((await check(bad.der)).revocation).toMatchObject({ status: "revoked", revokedAt: at, reason: 1 })
    await check(good.der)
    expect(server.hits.get("/ocsp1")).toBe(2)
  })

  it("after an unreachable CRL the OCSP responder decides", async () => {
    const leaf = ca.issue({ crl: [`${server.url}/none.crl`], ocsp: [`${server.url}/ocsp2`] })
    ocspRoute("/ocsp2", [{ serial: leaf.serial, at: new Date(), reason: 5 }])
    expect((await check(leaf.der)).revocation).toMatchObject({ status: "revoked", reason: 5 })
  })

  it("a responder the CA delegated (id-kp-OCSPSigning) is believed; one without the purpose, or a broken signature, is not", async () => {
    const delegate = ca.issue({ ocspSigning: true, cn: "OCSP" })
    const stranger = ca.issue({ cn: "Не OCSP" })
    const leaf = ca.issue({ ocsp: [`${server.url}/ocsp3`] })
    ocspRoute("/ocsp3", [{ serial: leaf.serial, at: new Date(), reason: 1 }], delegate)
    expect((await check(leaf.der)).revocation.status).toBe("revoked")
    for (const [path, responder, tamper] of [
      ["/ocsp4", stranger, false],
      ["/ocsp5", undefined, true],
    ] as const) {
      const cert = ca.issue({ ocsp: [`${server.url}${path}`] })
      ocspRoute(path, [], responder, tamper)
      const report = await check(cert.der)
      expect(report.revocation.status, path).toBe("not_checked")
      expect(report.revocation.note, path).toBe(`Подпись ответа OCSP ${server.url}${path} не подтверждается издателем`)
    }
  })

  it("an answer about another certificate is not taken", async () => {
    const leaf = ca.issue({ ocsp: [`${server.url}/ocsp6`] })
    const other = ca.issue()
    // The responder answers about another certificate than the one asked.
    const otherRequest = ocspRequestOf(parseCertificate(other.der), root)
    server.route("/ocsp6", (_req, res) => void res.writeHead(200).end(Buffer.from(ca.ocspAnswer(otherRequest, []))))
    expect((await check(leaf.der)).revocation.note).toBe(`Ответ OCSP ${server.url}/ocsp6 не о проверяемом сертификате`)
  })
})
