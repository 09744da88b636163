import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, test } from "vitest"
import { isValidInn, isValidOgrn, isValidOgrnip, isValidSnils } from "../../schemas/rules/check-digits.ts"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import type { DistinguishedName } from "../../server/services/pki/types.ts"

/**
 * Every committed certificate (scripts/pki-fixtures.sh: the demo CA, the 36 seeded ones, the test
 * material) shows its Russian registration numbers to users (the register, /svs, the account): each
 * INN, INNLE, OGRN, OGRNIP and SNILS in a subject or an issuer passes its control digits.
 */

const dirs = ["server/db/seed/pki", "server/db/seed/pki/certificates", "tests/fixtures/pki"]
const files = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".cer") && f !== "truncated.cer").map((f) => `${dir}/${f}`))

const checks = { inn: isValidInn, innle: (s: string) => s.length === 10 && isValidInn(s), ogrn: isValidOgrn, ogrnip: isValidOgrnip, snils: isValidSnils } as const

function numbers(name: DistinguishedName): [keyof typeof checks, string][] {
  return (Object.keys(checks) as (keyof typeof checks)[]).flatMap((k) => (name[k] === null ? [] : [[k, name[k]] as [keyof typeof checks, string]]))
}

describe("the Russian numbers in the committed PKI fixtures pass their control digits", () => {
  test("the set: the demo CA, the 36 seeded certificates and the test certificates", () => {
    expect(files).toContain("server/db/seed/pki/ca.cer")
    expect(files.filter((f) => f.startsWith("server/db/seed/pki/certificates/"))).toHaveLength(36)
  })

  test.each(files)("%s", (file) => {
    const cert = parseCertificate(new Uint8Array(readFileSync(file)))
    const bad = [...numbers(cert.subject).map(([k, v]) => ["subject", k, v]), ...numbers(cert.issuer).map(([k, v]) => ["issuer", k, v])].filter(([, k, v]) => !checks[k as keyof typeof checks](v as string))
    expect(bad).toEqual([])
  })

  test("the numbers the users see: the demo CA's INNLE and OGRN, the director's INN", () => {
    const ca = parseCertificate(new Uint8Array(readFileSync("server/db/seed/pki/ca.cer")))
    expect(numbers(ca.subject).map(([k]) => k)).toEqual(["innle", "ogrn"])
    const director = parseCertificate(new Uint8Array(readFileSync("tests/fixtures/pki/director-romashka.cer")))
    expect(numbers(director.subject).map(([k]) => k)).toEqual(["inn", "innle", "ogrn", "snils"])
  })
})
