import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, test } from "vitest"
import { readableName } from "../../schemas/certificate-names.ts"
import type { CaRepository } from "../../schemas/entities/ca-repository.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { parseCrl } from "../../server/services/pki/crl.ts"
import { call, type List } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * The CA's public repository (docs/register.md, «Репозиторий УЦ»): `GET /api/v2/ca_repository/`
 * answers the CA's own certificate, its CRL as stored and the accreditation only when the requisites
 * record holds one; `GET /ca/{key_id}.cer|.pem` gives the CA's certificate itself.
 */
const CA_DER = new Uint8Array(readFileSync(join(import.meta.dirname, "../../server/db/seed/pki/ca.cer")))
const CA = parseCertificate(CA_DER)
const KEY_ID = CA.subjectKeyId!.toLowerCase()

const api = serverWithAdmin()
const repository = () => call<CaRepository>(api.url, "GET", "/api/v2/ca_repository/")

describe("GET /api/v2/ca_repository/", () => {
  test("answers the CA's certificate with its thumbprints, validity and files", async () => {
    const a = await repository()
    expect(a.status).toBe(200)
    expect(a.body.data.certificates).toEqual([
      {
        role: "root",
        subject: CA.subject.text,
        subject_readable: readableName(CA.subject.attributes).line,
        common_name: CA.subject.commonName,
        issuer: CA.issuer.text,
        serial: CA.serial.toUpperCase(),
        sha1: createHash("sha1").update(CA_DER).digest("hex").toUpperCase(),
        sha256: createHash("sha256").update(CA_DER).digest("hex").toUpperCase(),
        not_before: CA.notBefore.toISOString(),
        not_after: CA.notAfter.toISOString(),
        key_id: KEY_ID,
        cer_url: `/ca/${KEY_ID}.cer`,
        pem_url: `/ca/${KEY_ID}.pem`,
      },
    ])
  })

  test("answers the CRL as stored: its nextUpdate ('Действителен до'), thisUpdate, number and entries", async () => {
    // Other files revoke certificates on a shared PostgreSQL database: compare with the stored row read
    // right after, and read again when a rebuild fell between the two reads.
    for (let attempt = 0; ; attempt++) {
      const a = await repository()
      const row = await api.db().kysely.selectFrom("crls").select(["der", "this_update", "next_update"]).where("issuer_key_id", "=", KEY_ID).executeTakeFirstOrThrow()
      const [crl] = a.body.data.crls
      if (crl?.this_update !== new Date(row.this_update).toISOString() && attempt < 3) continue
      const stored = parseCrl(new Uint8Array(Buffer.from(row.der, "base64")))
      expect(crl).toEqual({
        url: `/cdp/${KEY_ID}.crl`,
        distribution_point: expect.stringMatching(new RegExp(`/cdp/${KEY_ID}\\.crl$`)),
        issuer: CA.subject.text,
        issuer_readable: readableName(CA.subject.attributes).line,
        number: stored.number,
        this_update: stored.thisUpdate.toISOString(),
        next_update: new Date(row.next_update).toISOString(),
        entries: stored.entries.length,
      })
      expect(stored.nextUpdate!.toISOString()).toBe(crl!.next_update)
      expect(new Date(crl!.next_update).getTime()).toBeGreaterThan(Date.now())
      // The seeded revoked and suspended certificates are on it.
      expect(crl!.entries).toBeGreaterThanOrEqual(2)
      return
    }
  })

  test("says nothing of accreditation on the demo; shows what staff fill in the requisites, then nothing again when cleared", async () => {
    expect((await repository()).body.data.accreditation).toBeNull()
    const list = await call<List>(api.url, "GET", "/api/v2/crm/requisites/", { token: api.adminToken })
    const id = list.body.data[0]!.id
    const edit = (values: Record<string, unknown>) => call(api.url, "PATCH", `/api/v2/crm/requisites/${id}/`, { token: api.adminToken, json: { requisites: values } })
    try {
      const bad = await edit({ accreditation_date: "2021-02-31x" })
      expect(bad.status).toBe(422)
      expect((await edit({ accreditation_number: "1234", accreditation_date: "2021-02-01", accreditation_order: "Приказ Минцифры России от 01.02.2021 № 56" })).status).toBe(200)
      const shown = (await repository()).body.data
      expect(shown.accreditation).toEqual({ number: "1234", date: "2021-02-01", order: "Приказ Минцифры России от 01.02.2021 № 56" })
      expect(shown.operator).toBeTruthy()
    } finally {
      expect((await edit({ accreditation_number: "", accreditation_date: null, accreditation_order: "" })).status).toBe(200)
    }
    expect((await repository()).body.data.accreditation).toBeNull()
  })
})

describe("GET /ca/{key_id}.cer and .pem", () => {
  test("gives the CA's certificate itself as DER, cacheable, and as PEM", async () => {
    const cer = await fetch(`${api.url}/ca/${KEY_ID}.cer`)
    expect(cer.status).toBe(200)
    expect(cer.headers.get("content-type")).toBe("application/pkix-cert")
    expect(cer.headers.get("cache-control")).toMatch(/^public, max-age=\d+/)
    expect(cer.headers.get("content-disposition")).toBe(`attachment; filename="${KEY_ID}.cer"`)
    expect(Buffer.from(await cer.arrayBuffer()).equals(Buffer.from(CA_DER))).toBe(true)
    const pem = await fetch(`${api.url}/ca/${KEY_ID.toUpperCase()}.pem`)
    expect(pem.status).toBe(200)
    expect(pem.headers.get("content-type")).toBe("application/x-pem-file")
    expect(parseCertificate(await pem.text()).thumbprint).toBe(CA.thumbprint)
  })

  test("answers 404 for another key id or another file name", async () => {
    for (const path of [`/ca/${"ab".repeat(20)}.cer`, `/ca/${KEY_ID}.crl`, `/ca/${KEY_ID}.cer.exe`, "/ca/..%2Fpackage.json", "/ca/x.cer"]) {
      expect((await call(api.url, "GET", path)).status, path).toBe(404)
    }
  })
})
