/**
 * Part of scripts/pki-fixtures.sh (its --check): what OUR code signs, written for openssl to verify.
 * The demo CA (server/db/seed/pki/) certifies tests/fixtures/pki/csr-gost256.pem through Ca.issue and
 * builds a CRL with one entry and one with none through Ca.buildCrl, into the directory given.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { loadCa } from "../server/services/pki/ca.ts"
import { toPem } from "../server/services/pki/certificate.ts"

const out = process.argv[2]
if (!out) throw new Error("usage: tsx scripts/pki-fixtures-ours.ts <dir>")
mkdirSync(out, { recursive: true })
const seed = new URL("../server/db/seed/pki/", import.meta.url)
const ca = await loadCa({ caKeyFile: new URL("ca.key", seed).pathname, caCertFile: new URL("ca.cer", seed).pathname, siteUrl: "http://localhost:3000" })
const csr = readFileSync(new URL("../tests/fixtures/pki/csr-gost256.pem", import.meta.url), "utf8")
const issued = ca.issue({
  csr,
  subject: {
    surname: "Петров",
    givenNames: "Пётр Петрович",
    title: "Генеральный директор",
    organization: "ООО «Ромашка»",
    innle: "7707083893",
    ogrn: "1027700132195",
    inn: "772345678901",
    snils: "112-233-445 95",
    email: "director@demo.local",
    region: "77 г. Москва",
    locality: "г. Москва",
    street: "ул. Ленина, д. 1",
  },
  notBefore: new Date("2026-06-01T00:00:00Z"),
  notAfter: new Date("2027-09-01T00:00:00Z"),
})
writeFileSync(join(out, "issued.pem"), toPem(issued.der))
const now = new Date(Math.floor(Date.now() / 1000) * 1000)
const next = new Date(now.getTime() + 86_400_000)
writeFileSync(join(out, "crl-one.crl"), ca.buildCrl([{ serial: issued.serial, revokedAt: now, reason: 1 }], 7, now, next))
writeFileSync(join(out, "crl-empty.crl"), ca.buildCrl([], 8, now, next))
console.log(`issued ${issued.serial}: ${issued.subject.text}`)
