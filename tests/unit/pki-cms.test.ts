import { readFileSync } from "node:fs"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { describe, expect, it } from "vitest"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { CMS_SIGNERS_MAX, signCms, verifyCms } from "../../server/services/pki/cms.ts"
import { parseGostPrivateKey } from "../../server/services/pki/private-key.ts"
import { bundledRoots } from "../../server/services/pki/roots/index.ts"
import { certificatesOfList } from "../../server/services/pki/trust-list.ts"
import { type CertificateInfo, PkiInputError, type TrustStore } from "../../server/services/pki/types.ts"
import { validateCertificate } from "../../server/services/pki/validate.ts"

const FIX = "tests/fixtures/pki/"
const file = (name: string) => new Uint8Array(readFileSync(FIX + name))
const cert = (name: string) => parseCertificate(file(name))
const demoCa = parseCertificate(new Uint8Array(readFileSync("server/db/seed/pki/ca.cer")))
const document = file("cms/document.txt")
const big = file("cms/document-1mb.bin")

type Revocation = Awaited<ReturnType<TrustStore["revocationOf"]>>
function store(roots: readonly CertificateInfo[], revocations: Record<string, Revocation> = {}): TrustStore {
  return { roots: async () => roots, revocationOf: async (c) => revocations[c.thumbprint] ?? (c.issuer.text === demoCa.subject.text ? { status: "good", revokedAt: null, reason: null } : null) }
}
const trusted = store([demoCa, cert("rsa-ca.cer"), cert("ecdsa-ca.cer")])
const changed = (bytes: Uint8Array, at = 7) => {
  const copy = new Uint8Array(bytes)
  copy[at] = (copy[at] as number) ^ 0x01
  return copy
}

describe("verifyCms on OpenSSL's CAdES-BES signatures (tests/fixtures/pki/cms)", () => {
  const cases = [
    ["gost256-detached", "ГОСТ Р 34.11-2012 (256 бит)", true],
    ["gost256-tc26a-detached", "ГОСТ Р 34.11-2012 (256 бит)", true],
    ["gost512-detached", "ГОСТ Р 34.11-2012 (512 бит)", true],
    ["rsa-detached", "SHA-256", true],
    ["ecdsa-detached", "SHA-256", true],
    ["gost256-attached", "ГОСТ Р 34.11-2012 (256 бит)", false],
    ["gost512-attached", "ГОСТ Р 34.11-2012 (512 бит)", false],
    ["rsa-attached", "SHA-256", false],
  ] as const

  for (const [name, digest, detached] of cases) {
    it(`${name}: valid, with the signer's certificate, signing time and digest`, async () => {
      const report = await verifyCms(file(`cms/${name}.p7s`), detached ? document : null, trusted)
      expect(report.verdict).toBe("Подпись действительна")
      expect([report.valid, report.detached, report.signers.length]).toEqual([true, detached, 1])
      const signer = report.signers[0]!
      expect(signer).toMatchObject({ digestAlgorithm: digest, digestMatches: true, signatureValid: true, timestamp: null })
      expect(signer.signingTime).toBeInstanceOf(Date)
      expect(signer.certificate?.chainStatus).toBe("trusted")
    })
  }

  for (const [name, , detached] of cases.filter(([, , d]) => d)) {
    it(`${name}: one changed byte of the document makes it invalid`, async () => {
      const report = await verifyCms(file(`cms/${name}.p7s`), changed(document, 20), trusted)
      expect(report.valid).toBe(false)
      expect(report.verdict).toBe("Подпись недействительна: документ изменён после подписания")
      expect(report.signers[0]).toMatchObject({ digestMatches: false, signatureValid: true })
      expect(detached).toBe(true)
    })
  }

  it("a signer named by its subject key identifier (openssl cms -keyid)", async () => {
    const report = await verifyCms(new Uint8Array(readFileSync("tests/fixtures/validation/gost256-keyid-detached.p7s")), document, trusted)
    expect(report.verdict).toBe("Подпись действительна")
    expect(report.signers[0]!.certificate?.certificate.thumbprint).toBe(cert("director-romashka.cer").thumbprint)
  })

  it("a 1 MB document with a detached GOST 256 and 512 signature", async () => {
    for (const name of ["gost256-1mb-detached", "gost512-1mb-detached"]) {
      expect((await verifyCms(file(`cms/${name}.p7s`), big, trusted)).valid).toBe(true)
      expect((await verifyCms(file(`cms/${name}.p7s`), changed(big, big.length - 1), trusted)).valid).toBe(false)
    }
  })

  it("a detached signature without its document: digest unknown, the document asked for", async () => {
    const report = await verifyCms(file("cms/gost256-detached.p7s"), null, trusted)
    expect(report).toMatchObject({ valid: false, detached: true, verdict: "Подпись отсоединённая: приложите подписанный документ, чтобы проверить её" })
    expect(report.signers[0]).toMatchObject({ digestMatches: null })
  })

  it("a changed byte of the signature value makes the signature invalid", async () => {
    const sig = file("cms/gost256-detached.p7s")
    // The signature value is the last OCTET STRING of the SignerInfo: the last bytes of the DER.
    const report = await verifyCms(changed(sig, sig.length - 3), document, trusted)
    expect(report.valid).toBe(false)
    expect(report.signers[0]).toMatchObject({ digestMatches: true, signatureValid: false })
    expect(report.verdict).toBe("Подпись недействительна: значение подписи неверно")
  })

  it("a signer of a CA nobody trusts: mathematically valid, the certificate's chain untrusted", async () => {
    const report = await verifyCms(file("cms/untrusted-detached.p7s"), document, trusted)
    expect(report.valid).toBe(false)
    expect(report.signers[0]).toMatchObject({ digestMatches: true, signatureValid: true })
    expect(report.signers[0]!.certificate?.chainStatus).toBe("untrusted")
    expect(report.verdict).toBe("Подпись математически верна, но сертификат подписанта недействителен: Цепочка сертификатов не доходит до доверенного корневого сертификата")
  })

  it("PEM and Base64 of the same signature are read too", async () => {
    const der = Buffer.from(file("cms/gost256-detached.p7s"))
    const b64 = der.toString("base64")
    expect((await verifyCms(`-----BEGIN CMS-----\n${b64.match(/.{1,64}/g)!.join("\n")}\n-----END CMS-----\n`, document, trusted)).valid).toBe(true)
    expect((await verifyCms(new TextEncoder().encode(b64), document, trusted)).valid).toBe(true)
  })

  it("anything that is not a CMS SignedData is a PkiInputError with the Russian message", async () => {
    const message = "Файл не является подписью CMS (PKCS#7) в формате DER, PEM или Base64"
    for (const bad of [file("garbage.bin"), file("garbage.txt"), file("director-romashka.cer"), new Uint8Array(0), "", "not base64 at all!"]) {
      await expect(verifyCms(bad, document, trusted)).rejects.toThrow(new PkiInputError(message))
    }
  })
})

describe("CAdES-T: the signature timestamp (tests/fixtures/validation/gost256-cades-t*.p7s, scripts/tsa-fixtures.ts)", () => {
  const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/validation/${name}.p7s`))
  const cadesT = fixture("gost256-cades-t")
  const genTime = new Date("2026-11-28T18:03:11Z")
  const director = cert("director-romashka.cer")
  const rsaCa = cert("rsa-ca.cer")
  const tsa = cert("tsa.cer")

  it("counts a token whose TSA signature verifies and whose TSA chains to a trusted root with the timeStamping purpose", async () => {
    const report = await verifyCms(cadesT, document, trusted)
    expect(report.valid).toBe(true)
    const signer = report.signers[0]!
    expect(signer.timestamp).toEqual(genTime)
    expect(signer.timestampCheck).toMatchObject({ valid: true, time: genTime, verdict: "Штамп времени действителен" })
    expect(signer.timestampCheck!.tsa!.certificate.thumbprint).toBe(tsa.thumbprint)
    expect(signer.timestampCheck!.tsa!.chain.map((c) => c.thumbprint)).toEqual([tsa.thumbprint, rsaCa.thumbprint])
  })

  it("a revocation after the timestamp leaves the signature valid; one before it does not", async () => {
    // A second after the timestamp (and before now: the fixture was made before this test first ran).
    const after = store([demoCa, rsaCa], { [director.thumbprint]: { status: "revoked", revokedAt: new Date(genTime.getTime() + 1000), reason: 1 } })
    expect((await verifyCms(cadesT, document, after)).valid).toBe(true)
    const before = store([demoCa, rsaCa], { [director.thumbprint]: { status: "revoked", revokedAt: new Date(genTime.getTime() - 60_000), reason: 1 } })
    const report = await verifyCms(cadesT, document, before)
    expect(report.valid).toBe(false)
    expect(report.verdict).toMatch(/^Подпись математически верна, но сертификат подписанта недействителен: Сертификат прекращён \(отозван\)/)
    // Without a timestamp the same later revocation counts: a claimed signing time proves nothing.
    expect((await verifyCms(file("cms/gost256-detached.p7s"), document, after)).valid).toBe(false)
  })

  it("a TSA that chains to no trusted root fixes no time: the later revocation counts again", async () => {
    const after = store([demoCa, rsaCa], { [director.thumbprint]: { status: "revoked", revokedAt: new Date(genTime.getTime() + 1000), reason: 1 } })
    const report = await verifyCms(fixture("gost256-cades-t-self-signed-tsa"), document, after)
    const signer = report.signers[0]!
    expect(signer.timestamp).toBeNull()
    expect(signer.timestampCheck).toMatchObject({ valid: false, time: genTime })
    expect(signer.timestampCheck!.verdict).toBe("Штамп времени не принят: сертификат службы штампов времени недействителен: Цепочка сертификатов не доходит до доверенного корневого сертификата")
    expect(report.valid).toBe(false)
    // The signature itself is still checked as one without a timestamp.
    expect((await verifyCms(fixture("gost256-cades-t-self-signed-tsa"), document, trusted)).valid).toBe(true)
  })

  it("a TSA certificate without the timeStamping purpose fixes no time", async () => {
    const signer = (await verifyCms(fixture("gost256-cades-t-no-eku"), document, trusted)).signers[0]!
    expect(signer.timestamp).toBeNull()
    expect(signer.timestampCheck).toMatchObject({ valid: false, verdict: "Штамп времени не принят: сертификат не предназначен для штампов времени (нет назначения «Установка штампа времени»)" })
    expect(signer.timestampCheck!.tsa!.chainStatus).toBe("trusted")
  })

  it("a token whose TSTInfo or TSA signature was changed is not taken", async () => {
    const bytes = Buffer.from(cadesT)
    // genTime's digits inside the token's TSTInfo: the token's messageDigest no longer matches.
    const stamp = bytes.indexOf(Buffer.from("20261128180311Z"))
    expect(stamp).toBeGreaterThan(0)
    const later = new Uint8Array(bytes)
    later[stamp + 3] = "7".charCodeAt(0)
    const moved = (await verifyCms(later, document, trusted)).signers[0]!
    expect(moved.timestamp).toBeNull()
    expect(moved.timestampCheck).toMatchObject({ valid: false, verdict: "Штамп времени не принят: подпись службы штампов времени неверна" })
    // The TSA's RSA signature value is the token's last 256 bytes' neighbourhood: flip its last byte.
    const sigEnd = new Uint8Array(bytes)
    sigEnd[bytes.length - 1] = (sigEnd[bytes.length - 1] as number) ^ 0x01
    const forged = (await verifyCms(sigEnd, document, trusted)).signers[0]!
    expect(forged.timestamp).toBeNull()
    expect(forged.timestampCheck?.valid).toBe(false)
  })

  it("a token whose imprint is not this signature's is not taken", async () => {
    // The signer's signature value (64 bytes for GOST 256) is the OCTET STRING just before the unsigned attributes [1].
    const bytes = Buffer.from(cadesT)
    const unsigned = bytes.lastIndexOf(Buffer.from([0x04, 0x40]), bytes.indexOf(Buffer.from("060b2a864886f70d010910020e", "hex")))
    expect(unsigned).toBeGreaterThan(0)
    const tampered = changed(cadesT, unsigned + 2 + 63)
    const report = await verifyCms(tampered, document, trusted)
    expect(report.signers[0]).toMatchObject({ timestamp: null, signatureValid: false })
    expect(report.signers[0]!.timestampCheck).toMatchObject({ valid: false, verdict: "Штамп времени не принят: он выдан не для этой подписи" })
  })
})

describe("TC26's published CMS examples (tests/fixtures/pki/vectors: SignedData of 'Test message' without signed attributes)", () => {
  /**
   * The examples carry no certificate: a stand-in one is put into the CMS with the sid's issuer and
   * serial and the published key (its own signature is not anyone's: the chain is 'untrusted').
   */
  function withSignerCertificate(bits: 256 | 512, signers = 1): Uint8Array {
    const signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: asn1js.fromBER(file(`vectors/tc26-cms-signed-${bits}.p7`)).result }).content })
    signed.signerInfos = Array.from({ length: signers }, () => signed.signerInfos[0]!)
    const sid = signed.signerInfos[0]!.sid as pkijs.IssuerAndSerialNumber
    const spki = new pkijs.PublicKeyInfo({ schema: asn1js.fromBER(file(`vectors/tc26-cms-signed-${bits}.spki.der`)).result })
    const algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: bits === 256 ? "1.2.643.7.1.1.3.2" : "1.2.643.7.1.1.3.3" })
    const cert = new pkijs.Certificate({
      version: 2,
      serialNumber: sid.serialNumber,
      signature: algorithm(),
      issuer: sid.issuer,
      subject: sid.issuer,
      notBefore: new pkijs.Time({ type: 1, value: new Date("2020-01-01T00:00:00Z") }),
      notAfter: new pkijs.Time({ type: 1, value: new Date("2040-01-01T00:00:00Z") }),
      subjectPublicKeyInfo: spki,
      signatureAlgorithm: algorithm(),
      signatureValue: new asn1js.BitString({ valueHex: new Uint8Array(bits / 4) }),
    })
    signed.certificates = [new pkijs.Certificate({ schema: asn1js.fromBER(cert.toSchema(true).toBER()).result })]
    return new Uint8Array(new pkijs.ContentInfo({ contentType: "1.2.840.113549.1.7.2", content: signed.toSchema(true) }).toSchema().toBER())
  }

  for (const bits of [256, 512] as const) {
    it(`GOST 2012-${bits}: the published signature verifies over 'Test message'; a changed byte does not`, async () => {
      const report = await verifyCms(withSignerCertificate(bits), null, trusted)
      expect(report.detached).toBe(false)
      expect(report.signers[0]).toMatchObject({ signatureValid: true, digestMatches: true, digestAlgorithm: `ГОСТ Р 34.11-2012 (${bits} бит)` })
      expect(report.signers[0]!.certificate?.chainStatus).toBe("untrusted")
      const der = withSignerCertificate(bits)
      const at = Buffer.from(der).indexOf(Buffer.from("Test message"))
      expect(at).toBeGreaterThan(0)
      const changedReport = await verifyCms(changed(der, at), null, trusted)
      expect(changedReport.signers[0]).toMatchObject({ signatureValid: false })
      expect(changedReport.verdict).toBe("Подпись недействительна: документ изменён после подписания")
    })
  }

  it(`${CMS_SIGNERS_MAX} signers are each checked (the content hashed once for all); one more is refused before any is`, async () => {
    const report = await verifyCms(withSignerCertificate(256, CMS_SIGNERS_MAX), null, trusted)
    expect(report.signers).toHaveLength(CMS_SIGNERS_MAX)
    expect(report.signers.every((s) => s.signatureValid && s.digestMatches === true)).toBe(true)
    await expect(verifyCms(withSignerCertificate(256, CMS_SIGNERS_MAX + 1), null, trusted)).rejects.toThrow(new PkiInputError(`Подпись не принята: в ней больше ${CMS_SIGNERS_MAX} подписантов`))
  })
})

describe("signCms: CAdES-BES with a GOST key", () => {
  const signers = [
    ["user-ivanov", 256],
    ["gost512-tc26a", 512],
    ["gost256-tc26a", 256],
  ] as const
  for (const [name, bits] of signers) {
    it(`${name} (${bits}): detached and attached verify; the document changed does not`, async () => {
      const key = parseGostPrivateKey(file(`${name}.key`))
      const signer = { certificate: file(`${name}.cer`), ...key }
      const at = new Date("2026-11-20T10:00:00Z")
      const detached = signCms(document, signer, { detached: true, signingTime: at })
      const report = await verifyCms(detached, document, trusted)
      expect(report.verdict).toBe("Подпись действительна")
      expect(report.signers[0]!.signingTime).toEqual(at)
      expect(report.signers[0]!.certificate?.certificate.thumbprint).toBe(cert(`${name}.cer`).thumbprint)
      expect((await verifyCms(detached, changed(document), trusted)).valid).toBe(false)
      const attached = signCms(document, signer, { detached: false })
      expect((await verifyCms(attached, null, trusted)).valid).toBe(true)
    })
  }

  it("signingCertificateV2 names the signer: a changed certificate in the CMS (same issuer, serial and key) fails it", async () => {
    const key = parseGostPrivateKey(file("user-ivanov.key"))
    const sig = signCms(document, { certificate: file("user-ivanov.cer"), ...key }, { detached: true })
    // The CMS carries the certificate: a changed byte inside it (its own signature) changes its hash.
    const der = file("user-ivanov.cer")
    const at = Buffer.from(sig).indexOf(Buffer.from(der))
    expect(at).toBeGreaterThan(0)
    const tampered = changed(sig, at + der.length - 2)
    const report = await verifyCms(tampered, document, trusted)
    expect(report.valid).toBe(false)
    expect(report.signers[0]).toMatchObject({ digestMatches: true, signatureValid: false })
    expect(report.verdict).toBe("Подпись недействительна: атрибут signingCertificate не совпадает с сертификатом подписанта")
  })
})

describe("validateCertificate", () => {
  it("the bundled УЦ ФНС России certificates chain to the ГУЦ Минцифры root: real GOST signatures of published certificates", async () => {
    const all = bundledRoots().map((der) => parseCertificate(der))
    expect(all.map((c) => c.thumbprint)).toContain("2f0cb09be3550ef17ec4f29c90abd18bfcaad63a")
    const guc = all.filter((c) => c.subject.commonName !== "Федеральная налоговая служба")
    const fns = all.filter((c) => c.subject.commonName === "Федеральная налоговая служба")
    expect(fns).toHaveLength(2)
    for (const c of fns) {
      const report = await validateCertificate(c, store(guc), new Date("2026-11-01T00:00:00Z"))
      expect(report.chainStatus).toBe("trusted")
      expect(report.chain.map((x) => x.thumbprint)).toEqual([c.thumbprint, "2f0cb09be3550ef17ec4f29c90abd18bfcaad63a"])
      expect(report.revocation.status).toBe("not_checked")
      expect(report.verdict).toBe("Сертификат действителен (статус отзыва не проверялся: сертификат выдан другим удостоверяющим центром)")
    }
  })

  it("a certificate of our CA: valid, revocation checked", async () => {
    const report = await validateCertificate(file("director-romashka.cer"), trusted, new Date("2026-11-01T00:00:00Z"))
    expect(report).toMatchObject({ chainStatus: "trusted", withinValidity: true, valid: true, verdict: "Сертификат действителен" })
    expect(report.revocation.status).toBe("good")
    expect(report.chain.map((c) => c.thumbprint)).toEqual([cert("director-romashka.cer").thumbprint, demoCa.thumbprint])
  })

  it("revoked and suspended by our register", async () => {
    const c = cert("revoked.cer")
    const revokedAt = new Date("2026-06-01T09:00:00Z")
    const revoked = await validateCertificate(c, store([demoCa], { [c.thumbprint]: { status: "revoked", revokedAt, reason: 1 } }), new Date("2026-11-01T00:00:00Z"))
    expect(revoked).toMatchObject({ valid: false, verdict: "Сертификат прекращён (отозван) 01.06.2026" })
    const suspended = await validateCertificate(c, store([demoCa], { [c.thumbprint]: { status: "suspended", revokedAt, reason: 6 } }))
    expect(suspended).toMatchObject({ valid: false, verdict: "Действие сертификата приостановлено 01.06.2026" })
    // A signature timestamped before the revocation still counts the certificate good.
    const before = await validateCertificate(c, store([demoCa], { [c.thumbprint]: { status: "revoked", revokedAt, reason: 1 } }), new Date("2026-05-01T00:00:00Z"), { revocationAt: new Date("2026-05-01T00:00:00Z") })
    expect(before.valid).toBe(true)
  })

  it("expired, untrusted and broken chains", async () => {
    const expired = await validateCertificate(file("user-ivanov-expired.cer"), trusted)
    expect(expired).toMatchObject({ valid: false, withinValidity: false, chainStatus: "trusted" })
    expect(expired.verdict).toMatch(/^Срок действия сертификата истёк \d\d\.\d\d\.2025 \d\d:\d\d$/)
    const untrusted = await validateCertificate(file("untrusted-leaf.cer"), trusted)
    expect(untrusted).toMatchObject({ valid: false, chainStatus: "untrusted", verdict: "Цепочка сертификатов не доходит до доверенного корневого сертификата" })
    // The untrusted CA is offered as an intermediate: the chain still ends at a root nobody trusts.
    expect((await validateCertificate(file("untrusted-leaf.cer"), trusted, new Date(), { intermediates: [cert("untrusted-ca.cer")] })).chainStatus).toBe("untrusted")
    // A changed byte of the certificate's own signature: its issuer is found and refuses it.
    const der = file("director-romashka.cer")
    const broken = await validateCertificate(changed(der, der.length - 5), trusted)
    expect(broken).toMatchObject({ valid: false, chainStatus: "broken", verdict: "Подпись сертификата в цепочке неверна: сертификат подделан или повреждён" })
  })

  it("RSA, RSA-PSS and ECDSA leaves chain to their roots", async () => {
    for (const name of ["rsa-leaf.cer", "rsa-pss-leaf.cer", "ecdsa-leaf.cer"]) {
      const report = await validateCertificate(file(name), trusted)
      expect([name, report.chainStatus, report.valid]).toEqual([name, "trusted", true])
    }
  })

  it("bytes that are not a certificate: PkiInputError", async () => {
    for (const bad of [file("garbage.bin"), file("truncated.cer"), "garbage"]) await expect(validateCertificate(bad, trusted)).rejects.toBeInstanceOf(PkiInputError)
  })
})

describe("certificatesOfList: an uploaded trust list", () => {
  const thumbs = async (bytes: Uint8Array) => (await certificatesOfList(bytes)).map((c) => c.thumbprint)
  it("a ZIP of .cer/.crt files (deflated or stored), skipping what is not a certificate", async () => {
    expect(await thumbs(new Uint8Array(readFileSync("tests/fixtures/validation/roots.zip")))).toEqual([cert("rsa-ca.cer").thumbprint, cert("ecdsa-ca.cer").thumbprint])
    expect(await thumbs(new Uint8Array(readFileSync("tests/fixtures/validation/roots-stored.zip")))).toEqual(["2f0cb09be3550ef17ec4f29c90abd18bfcaad63a"])
  })

  it("a PEM bundle (each certificate once), one DER or Base64 certificate", async () => {
    const pem = (der: Uint8Array) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString("base64")}\n-----END CERTIFICATE-----\n`
    const bundle = new TextEncoder().encode(pem(file("rsa-ca.cer")) + "комментарий\n" + pem(file("ecdsa-ca.cer")) + pem(file("rsa-ca.cer")))
    expect(await thumbs(bundle)).toHaveLength(2)
    expect(await thumbs(file("ecdsa-ca.cer"))).toEqual([cert("ecdsa-ca.cer").thumbprint])
    expect(await thumbs(new TextEncoder().encode(Buffer.from(file("ecdsa-ca.cer")).toString("base64")))).toEqual([cert("ecdsa-ca.cer").thumbprint])
  })

  it("nothing, garbage, a broken ZIP: PkiInputError", async () => {
    const zip = new Uint8Array(readFileSync("tests/fixtures/validation/roots.zip"))
    for (const bad of [new Uint8Array(0), file("garbage.bin"), file("garbage.txt"), zip.subarray(0, zip.length - 30)]) await expect(certificatesOfList(bad)).rejects.toBeInstanceOf(PkiInputError)
  })
})
