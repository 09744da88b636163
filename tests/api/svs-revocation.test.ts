import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { trustRootRow } from "../../server/db/seed/trust-roots.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { answer, ForeignCa, type RevocationServer, startRevocationServer } from "../support/foreign-ca.ts"
import { keepTrustList } from "../support/trust-list.ts"
import { call } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

interface Revocation {
  status: string
  text: string
  note: string | null
  reasonText: string | null
  revokedAt: { iso: string } | null
}
interface CertView {
  valid: boolean
  verdict: string
  chain: { status: string }
  revocation: Revocation
}

// The server may reach the test's CRL server on 127.0.0.1, as only tests may (ALLOW_PRIVATE_REVOCATION_HOSTS).
const api = serverWithAdmin({ env: { REVOCATION_FETCH: "1", ALLOW_PRIVATE_REVOCATION_HOSTS: "1" } })
keepTrustList(api)
const ca = new ForeignCa()
let crlServer: RevocationServer

beforeAll(async () => {
  crlServer = await startRevocationServer()
  // Another CA's root, trusted as a list staff uploaded would trust it.
  await api
    .db()
    .kysely.insertInto("trust_roots")
    .values(trustRootRow(parseCertificate(ca.der), "uploaded", new Date().toISOString()) as never)
    // PostgreSQL's test database is shared: another file may trust the same root already.
    .onConflict((oc) => oc.column("thumbprint").doNothing())
    .execute()
})
afterAll(() => crlServer.close())

const validate = (der: Uint8Array) => call<CertView>(api.url, "POST", "/api/v1/svs/certificates/validate/", { json: { certificate: Buffer.from(der).toString("base64") } })

describe("POST /api/v1/svs/certificates/validate/ with another CA's certificate", () => {
  it("revoked on its CRL: answered revoked, with the date and reason, from the CRL the server fetched", async () => {
    const leaf = ca.issue({ crl: [`${crlServer.url}/foreign.crl`] })
    const kept = ca.issue({ crl: [`${crlServer.url}/foreign.crl`] })
    crlServer.route("/foreign.crl", answer(ca.crl([{ serial: leaf.serial, at: new Date("2026-06-15T12:00:00Z"), reason: 1 }]), "application/pkix-crl"))
    const revoked = await validate(leaf.der)
    expect(revoked.status).toBe(200)
    expect(revoked.body).toMatchObject({
      valid: false,
      verdict: "Сертификат прекращён (отозван) 15.06.2026",
      chain: { status: "trusted" },
      revocation: { status: "revoked", text: "прекращён (отозван) 15.06.2026 15:00", reasonText: "Компрометация ключа", revokedAt: { iso: "2026-06-15T12:00:00.000Z" }, note: null },
    })
    expect(crlServer.hits.get("/foreign.crl")).toBeGreaterThanOrEqual(1)
    const good = await validate(kept.der)
    expect(good.body).toMatchObject({ valid: true, verdict: "Сертификат действителен", revocation: { status: "good", text: "не отозван", note: null } })
  })

  it("an unreachable CRL: 'не проверялся' with the reason in the verdict and the revocation's text", async () => {
    const leaf = ca.issue({ crl: [`${crlServer.url}/gone.crl`] })
    const res = await validate(leaf.der)
    const note = `Список отзыва недоступен: ${crlServer.url}/gone.crl ответил кодом 404`
    expect(res.body).toMatchObject({
      valid: true,
      verdict: `Сертификат действителен (статус отзыва не проверялся: ${note})`,
      revocation: { status: "not_checked", note, text: `не проверялся: ${note}` },
    })
  })
})
