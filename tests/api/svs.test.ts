import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { SVS_FILE_MAX_BYTES } from "../../schemas/constants.ts"
import { signCms } from "../../server/services/pki/cms.ts"
import { parseGostPrivateKey } from "../../server/services/pki/private-key.ts"
import { type RegisterStatus, registerCertificate } from "../support/register-certificate.ts"
import { call } from "./helpers.ts"
import { roleToken, serverWithAdmin } from "./harness.ts"
import { multipart, postMultipart, streamedFile, upload, type FilePart } from "./multipart.ts"

const FIX = "tests/fixtures/pki/"
const fixture = (name: string) => readFileSync(FIX + name)
const document = fixture("cms/document.txt")

interface CertView {
  valid: boolean
  verdict: string
  subject: { text: string; organization: string | null; innle: string | null; ogrn: string | null; snils: string | null; attributes: { label: string; value: string }[] }
  issuer: { commonName: string | null }
  serial: string
  validity: string
  chain: { status: string; text: string; certificates: unknown[] }
  revocation: { status: string; text: string; reasonText: string | null }
  keyUsage: string[]
  policies: string[]
}
interface SignatureView {
  valid: boolean
  verdict: string
  detached: boolean
  signers: { valid: boolean; verdict: string; digestMatches: boolean | null; signatureValid: boolean; signingTime: { text: string } | null; certificate: CertView | null }[]
}
type Errors = { errors: Record<string, string[]> }

const api = serverWithAdmin()
const certUrl = () => `${api.url}/api/v1/svs/certificates/validate/`
const sigUrl = () => `${api.url}/api/v1/svs/signatures/validate/`
const tmpFiles = () => {
  const path = join(api.dataDir, "uploads", "tmp")
  return existsSync(path) ? readdirSync(path) : []
}
const checkSignature = (signature: Buffer, doc?: Buffer, names: [string, string] = ["document.sig", "document.txt"]) => {
  const parts: FilePart[] = [{ name: "signature", filename: names[0], data: signature }]
  if (doc) parts.push({ name: "document", filename: names[1], data: doc })
  return upload<SignatureView>(sigUrl(), undefined, parts)
}

const registerAs = (certFile: string, status: RegisterStatus) => registerCertificate(api.dataDir, FIX + certFile, status)

describe("POST /api/v1/svs/certificates/validate/", () => {
  it("a certificate of our demo CA, uploaded as DER: valid, the Russian attributes decoded, revocation checked", async () => {
    await registerAs("director-romashka.cer", "valid")
    const a = await upload<CertView>(certUrl(), undefined, [{ name: "file", filename: "director.cer", data: fixture("director-romashka.cer") }])
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({
      valid: true,
      verdict: "Сертификат действителен",
      subject: {
        organization: expect.stringContaining("Ромашка"),
        innle: "7707083893",
        ogrn: "1027700132195",
        // The owner as a person reads it (what the page shows), beside the attributes for programs.
        readable: { name: "Петров Пётр Петрович", position: "Генеральный директор", organisation: "ООО «Ромашка»", identifiers: expect.arrayContaining([{ label: "СНИЛС", value: "112-233-445 95" }]) },
      },
      issuer: { commonName: 'Демонстрационный УЦ ООО "УЦ"', readable: { name: 'Демонстрационный УЦ ООО "УЦ"', organisation: 'ООО "УЦ"' } },
      chain: { status: "trusted", text: "доверенная", certificates: [{ name: expect.stringMatching(/^Петров Пётр Петрович, /) }, { name: expect.stringMatching(/^Демонстрационный УЦ/) }] },
      revocation: { status: "good", text: "не отозван" },
    })
    expect(a.body.subject.attributes.map((x) => x.label)).toEqual(expect.arrayContaining(["ИНН ЮЛ", "ОГРН", "СНИЛС"]))
    expect(a.body.validity).toMatch(/^с \d\d\.\d\d\.\d{4} \d\d:\d\d по \d\d\.\d\d\.\d{4} \d\d:\d\d$/)
    expect(a.body.keyUsage).toContain("Цифровая подпись")
    expect(tmpFiles()).toEqual([])
  })

  it("as JSON with PEM or Base64 text", async () => {
    const der = fixture("user-ivanov.cer")
    const pem = `-----BEGIN CERTIFICATE-----\n${der.toString("base64").match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`
    for (const certificate of [pem, der.toString("base64")]) {
      const a = await call<CertView>(api.url, "POST", "/api/v1/svs/certificates/validate/", { json: { certificate } })
      expect([a.status, a.body.chain.status, a.body.subject.snils]).toEqual([200, "trusted", "12345678964"])
    }
  })

  it("revoked and suspended in our register: invalid, with the status and the reason", async () => {
    await registerAs("revoked.cer", "revoked")
    const a = await upload<CertView>(certUrl(), undefined, [{ name: "file", filename: "r.cer", data: fixture("revoked.cer") }])
    expect(a.body).toMatchObject({ valid: false, verdict: "Сертификат прекращён (отозван) 01.06.2026", revocation: { status: "revoked", reasonText: "Компрометация ключа" } })
    await registerAs("revoked.cer", "suspended")
    const b = await upload<CertView>(certUrl(), undefined, [{ name: "file", filename: "r.cer", data: fixture("revoked.cer") }])
    expect(b.body).toMatchObject({ valid: false, verdict: "Действие сертификата приостановлено 01.06.2026", revocation: { status: "suspended" } })
  })

  it("another CA's certificate: the chain untrusted, revocation 'не проверялся'", async () => {
    const a = await upload<CertView>(certUrl(), undefined, [{ name: "file", filename: "x.cer", data: fixture("untrusted-leaf.cer") }])
    expect(a.body).toMatchObject({ valid: false, chain: { status: "untrusted" }, revocation: { status: "not_checked", text: "не проверялся" } })
    expect(a.body.verdict).toBe("Цепочка сертификатов не доходит до доверенного корневого сертификата")
  })

  it("a bundled accredited CA's certificate (УЦ ФНС России) chains to the ГУЦ root", async () => {
    const a = await upload<CertView>(certUrl(), undefined, [{ name: "file", filename: "fns.cer", data: readFileSync("server/services/pki/roots/e5aa1938ed28e003b7fefef4eaae4ce7a979a479.cer") }])
    expect(a.body).toMatchObject({ valid: true, chain: { status: "trusted" }, revocation: { status: "not_checked" } })
  })

  it("garbage, a truncated certificate, nothing: 422 with a Russian message, nothing kept", async () => {
    for (const name of ["garbage.bin", "garbage.txt", "truncated.cer"]) {
      const a = await upload<Errors>(certUrl(), undefined, [{ name: "file", filename: name, data: fixture(name) }])
      expect([name, a.status]).toEqual([name, 422])
      expect(a.body.errors.file?.[0]).toMatch(/^Файл не является сертификатом/)
    }
    const empty = await upload<Errors>(certUrl(), undefined, [{ name: "other", data: "x" }])
    expect([empty.status, empty.body]).toEqual([422, { errors: { file: ["Загрузите файл сертификата или вставьте его текст"] } }])
    const json = await call<Errors>(api.url, "POST", "/api/v1/svs/certificates/validate/", { json: { certificate: "MIIB" } })
    expect(json.status).toBe(422)
    expect(json.body.errors.certificate?.[0]).toMatch(/^Файл не является сертификатом/)
    const none = await call<Errors>(api.url, "POST", "/api/v1/svs/certificates/validate/", { json: {} })
    expect([none.status, none.body]).toEqual([422, { errors: { certificate: ["Загрузите файл сертификата или вставьте его текст"] } }])
    expect(tmpFiles()).toEqual([])
  })
})

describe("POST /api/v1/svs/signatures/validate/", () => {
  it("a detached GOST signature with its document: 'Подпись действительна'", async () => {
    const a = await checkSignature(fixture("cms/gost256-detached.p7s"), document)
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({ valid: true, verdict: "Подпись действительна", detached: true })
    expect(a.body.signers[0]).toMatchObject({ valid: true, digestMatches: true, signatureValid: true, certificate: { chain: { status: "trusted" } } })
    expect(a.body.signers[0]!.signingTime?.text).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/)
    expect(tmpFiles()).toEqual([])
  })

  it("one changed byte of the document: invalid", async () => {
    const changed = Buffer.from(document)
    changed[10] = (changed[10] as number) ^ 0x20
    const a = await checkSignature(fixture("cms/gost256-detached.p7s"), changed)
    expect(a.body).toMatchObject({ valid: false, verdict: "Подпись недействительна: документ изменён после подписания" })
    expect(a.body.signers[0]).toMatchObject({ digestMatches: false, signatureValid: true })
  })

  it("attached signatures (GOST 512, RSA) need no document; a detached one without it asks for it", async () => {
    const gost = await checkSignature(fixture("cms/gost512-attached.p7s"))
    expect(gost.body).toMatchObject({ valid: true, detached: false })
    // The RSA test CA is not in the trust list: mathematically valid, untrusted.
    const rsa = await checkSignature(fixture("cms/rsa-attached.p7s"))
    expect(rsa.body).toMatchObject({ valid: false, signers: [{ signatureValid: true, digestMatches: true, certificate: { chain: { status: "untrusted" } } }] })
    const alone = await checkSignature(fixture("cms/gost256-detached.p7s"))
    expect(alone.body).toMatchObject({ valid: false, detached: true, verdict: "Подпись отсоединённая: приложите подписанный документ, чтобы проверить её", signers: [{ digestMatches: null }] })
  })

  it("an untrusted chain: the signature valid, the verdict says the certificate is not", async () => {
    const a = await checkSignature(fixture("cms/untrusted-detached.p7s"), document)
    expect(a.body.valid).toBe(false)
    expect(a.body.verdict).toBe("Подпись математически верна, но сертификат подписанта недействителен: Цепочка сертификатов не доходит до доверенного корневого сертификата")
  })

  it("a signer revoked in our register (by CRL status): invalid; valid again once reinstated", async () => {
    const key = parseGostPrivateKey(fixture("user-ivanov.key"))
    const signature = Buffer.from(signCms(document, { certificate: fixture("user-ivanov.cer"), ...key }, { detached: true }))
    await registerAs("user-ivanov.cer", "revoked")
    const revoked = await checkSignature(signature, document)
    expect(revoked.body).toMatchObject({ valid: false, signers: [{ signatureValid: true, digestMatches: true, certificate: { revocation: { status: "revoked" } } }] })
    expect(revoked.body.verdict).toBe("Подпись математически верна, но сертификат подписанта недействителен: Сертификат прекращён (отозван) 01.06.2026")
    await registerAs("user-ivanov.cer", "valid")
    expect((await checkSignature(signature, document)).body.valid).toBe(true)
  })

  it("garbage, a certificate instead of a signature, no signature: 422, never 500, nothing kept", async () => {
    const message = "Файл не является подписью CMS (PKCS#7) в формате DER, PEM или Base64"
    for (const name of ["garbage.bin", "garbage.txt", "director-romashka.cer"]) {
      const a = await checkSignature(fixture(name), document)
      expect([name, a.status, a.body]).toEqual([name, 422, { errors: { signature: [message] } }])
    }
    const none = await upload<Errors>(sigUrl(), undefined, [{ name: "document", filename: "d.txt", data: document }])
    expect([none.status, none.body]).toEqual([422, { errors: { signature: ["Загрузите файл подписи"] } }])
    const json = await call<Errors>(api.url, "POST", "/api/v1/svs/signatures/validate/", { json: { signature: "x" } })
    expect(json.status).toBe(422)
    expect(tmpFiles()).toEqual([])
  })

  it("15 MB of garbage is read once and refused with 422; a signature over 15,000,000 bytes, or a certificate over 30,000,000, is the size's 422", async () => {
    const garbage = fixture("garbage.bin")
    const big = streamedFile("signature", "big.sig", SVS_FILE_MAX_BYTES, garbage)
    const a = await postMultipart<Errors>(sigUrl(), undefined, big.body, big.contentType)
    expect([a.status, a.body]).toEqual([422, { errors: { signature: ["Файл не является подписью CMS (PKCS#7) в формате DER, PEM или Base64"] } }])
    const text = streamedFile("signature", "big.txt", SVS_FILE_MAX_BYTES)
    const b = await postMultipart<Errors>(sigUrl(), undefined, text.body, text.contentType)
    expect(b.status).toBe(422)
    const over = streamedFile("signature", "over.sig", SVS_FILE_MAX_BYTES + 1, garbage)
    const c = await postMultipart<Errors>(sigUrl(), undefined, over.body, over.contentType)
    expect([c.status, c.body]).toEqual([422, { errors: { signature: ["Размер файла для проверки не должен превышать 15 Мб"] } }])
    const cert = streamedFile("file", "big.cer", 30_000_001, garbage)
    const d = await postMultipart<Errors>(certUrl(), undefined, cert.body, cert.contentType)
    expect([d.status, d.body]).toEqual([422, { errors: { file: ["Размер файла не должен превышать 30 Мб"] } }])
    expect(tmpFiles()).toEqual([])
  })
})

describe("the trust list in the CRM (/api/v2/crm/trust_roots)", () => {
  const uploadUrl = () => `${api.url}/api/v2/crm/trust_roots/upload/`
  type Listed = { data: { attributes: { thumbprint: string; source: string; name: string } }[]; meta: { total_pages: number } }
  const listAll = async (token: string) => (await call<Listed>(api.url, "GET", "/api/v2/crm/trust_roots/?per_page=100", { token })).body.data.map((r) => r.attributes)
  const pemOf = (der: Buffer) => `-----BEGIN CERTIFICATE-----\n${der.toString("base64").match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`

  it("seeded with the demo CA and the bundled roots; operators read it, editors do not; only administrators upload", async () => {
    const admin = api.adminToken
    const roots = await listAll(admin)
    expect(roots.filter((r) => r.source === "demo")).toHaveLength(1)
    expect(roots.filter((r) => r.source === "bundled").map((r) => r.thumbprint)).toEqual(expect.arrayContaining(["2f0cb09be3550ef17ec4f29c90abd18bfcaad63a", "4bc6dc14d97010c41a26e058ad851f81c842415a", "e5aa1938ed28e003b7fefef4eaae4ce7a979a479"]))
    const operator = await roleToken(api.url, admin, "operator")
    expect((await call(api.url, "GET", "/api/v2/crm/trust_roots/", { token: operator })).status).toBe(200)
    expect((await call(api.url, "GET", "/api/v2/crm/trust_roots/", { token: await roleToken(api.url, admin, "editor") })).status).toBe(403)
    const refused = await postMultipart(uploadUrl(), operator, ...bodyOf([{ name: "file", filename: "roots.pem", data: pemOf(fixture("rsa-ca.cer")) }]))
    expect(refused.status).toBe(403)
    expect((await postMultipart(uploadUrl(), undefined, ...bodyOf([{ name: "file", filename: "roots.pem", data: "x" }]))).status).toBe(401)
  })

  it("a file without certificates is 422 and changes nothing", async () => {
    const admin = api.adminToken
    const before = await listAll(admin)
    for (const data of [fixture("garbage.bin"), fixture("garbage.txt"), Buffer.from("<?xml version=\"1.0\"?><АккредитованныеУдостоверяющиеЦентры/>")]) {
      const a = await postMultipart<Errors>(uploadUrl(), admin, ...bodyOf([{ name: "file", filename: "list.xml", data }]))
      expect([a.status, a.body]).toEqual([422, { errors: { file: ["В файле нет ни одного сертификата: загрузите PEM, файлы .cer/.crt, ZIP с ними или TSL.xml Минцифры"] } }])
    }
    expect(await listAll(admin)).toEqual(before)
  })

  it("a PEM bundle replaces the accredited part (the demo CA stays) and the validation trusts the new list at once; TSL.xml and a .cer too", async () => {
    const admin = api.adminToken
    const rsaLeaf = () => upload<CertView>(certUrl(), undefined, [{ name: "file", filename: "leaf.cer", data: fixture("rsa-leaf.cer") }])
    const fns = () => upload<CertView>(certUrl(), undefined, [{ name: "file", filename: "fns.cer", data: readFileSync("server/services/pki/roots/e5aa1938ed28e003b7fefef4eaae4ce7a979a479.cer") }])
    expect((await rsaLeaf()).body.chain.status).toBe("untrusted")
    expect((await fns()).body.chain.status).toBe("trusted")

    const bundle = pemOf(fixture("rsa-ca.cer")) + pemOf(fixture("ecdsa-ca.cer"))
    const a = await postMultipart<{ meta: { count: number; message: string } }>(uploadUrl(), admin, ...bodyOf([{ name: "file", filename: "roots.pem", data: bundle }]))
    expect([a.status, a.body.meta]).toEqual([200, { count: 2, message: "Загружено сертификатов: 2" }])
    const roots = await listAll(admin)
    expect(roots.map((r) => r.source).sort()).toEqual(["demo", "uploaded", "uploaded"])
    expect((await rsaLeaf()).body.chain.status).toBe("trusted")
    expect((await fns()).body.chain.status).toBe("untrusted")

    // The Минцифры TSL: the CAs' certificates in <Данные> elements.
    const b64 = (name: string) => readFileSync(`server/services/pki/roots/${name}.cer`).toString("base64")
    const tsl = `<?xml version="1.0" encoding="utf-8"?>\n<АккредитованныеУдостоверяющиеЦентры><УдостоверяющийЦентр><ПрограммноАппаратныеКомплексы><ПрограммноАппаратныйКомплекс><КлючиУполномоченныхЛиц><Ключ><Сертификаты><ДанныеСертификата><Отпечаток>2F0C</Отпечаток><Данные>${b64("2f0cb09be3550ef17ec4f29c90abd18bfcaad63a")}</Данные></ДанныеСертификата><ДанныеСертификата><Данные>${b64("4bc6dc14d97010c41a26e058ad851f81c842415a")}</Данные></ДанныеСертификата></Сертификаты></Ключ></КлючиУполномоченныхЛиц></ПрограммноАппаратныйКомплекс></ПрограммноАппаратныеКомплексы></УдостоверяющийЦентр></АккредитованныеУдостоверяющиеЦентры>`
    const b = await postMultipart<{ meta: { count: number } }>(uploadUrl(), admin, ...bodyOf([{ name: "file", filename: "TSL.xml", data: tsl }]))
    expect([b.status, b.body.meta.count]).toEqual([200, 2])
    expect((await fns()).body.chain.status).toBe("trusted")
    expect((await rsaLeaf()).body.chain.status).toBe("untrusted")

    // One DER .cer.
    const c = await postMultipart<{ meta: { count: number } }>(uploadUrl(), admin, ...bodyOf([{ name: "file", filename: "ecdsa.cer", data: fixture("ecdsa-ca.cer") }]))
    expect([c.status, c.body.meta.count]).toEqual([200, 1])
    expect((await listAll(admin)).map((r) => r.thumbprint)).toHaveLength(2)
    expect(tmpFiles()).toEqual([])
  })
})

const bodyOf = (parts: readonly FilePart[]): [Buffer, string] => {
  const { body, contentType } = multipart(parts)
  return [body, contentType]
}
