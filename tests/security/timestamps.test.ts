import { createHash, webcrypto } from "node:crypto"
import { readFileSync } from "node:fs"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { describe, expect, it } from "vitest"
import { REGISTER_REVOKED_AT, registerCertificate } from "../support/register-certificate.ts"
import { serverWithAdmin } from "../api/helpers.ts"
import { upload } from "../api/multipart.ts"

/**
 * A signature made with a certificate that was revoked afterwards counts as valid only when a trusted
 * timestamp proves it was made before the revocation. The attacker's way round it: a token of their
 * own, or someone else's, saying "made before". Each is sent as a CAdES-T to the public check.
 */

const FIX = "tests/fixtures/pki/"
const document = readFileSync(FIX + "cms/document.txt")
const OID = { timeStampToken: "1.2.840.113549.1.9.16.2.14", tstInfo: "1.2.840.113549.1.9.16.1.4", sha256: "2.16.840.1.101.3.4.2.1", signedData: "1.2.840.113549.1.7.2" }

interface Signer {
  valid: boolean
  verdict: string
  timestamp: { iso: string } | null
  timestampCheck: { valid: boolean; verdict: string } | null
}
interface Report {
  valid: boolean
  verdict: string
  signers: Signer[]
}

const api = serverWithAdmin()
const check = (signature: Uint8Array) =>
  upload<Report>(`${api.url}/api/v1/svs/signatures/validate/`, undefined, [
    { name: "signature", filename: "document.sig", data: Buffer.from(signature) },
    { name: "document", filename: "document.txt", data: document },
  ])

const signedDataOf = (der: Uint8Array) => new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: asn1js.fromBER(der).result }).content })

/** The CMS with `token` as its first signer's signature timestamp. */
function withToken(cms: Uint8Array, token: Uint8Array): Uint8Array {
  const signed = signedDataOf(cms)
  signed.signerInfos[0]!.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [asn1js.fromBER(token).result] })] })
  return new Uint8Array(new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) }).toSchema().toBER())
}

/** The attacker's own TSA (the fixtures' RSA TSA, which the site does not trust) stamps `signatureValue` with any time it likes. */
async function forgedToken(signatureValue: Uint8Array, genTime: Date): Promise<Uint8Array> {
  pkijs.setEngine("node", new pkijs.CryptoEngine({ name: "node", crypto: webcrypto as unknown as Crypto }))
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: "1.2.3.4.1",
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: createHash("sha256").update(signatureValue).digest() }),
    }),
    serialNumber: new asn1js.Integer({ value: 7 }),
    genTime,
  })
  const certificate = new pkijs.Certificate({ schema: asn1js.fromBER(readFileSync(FIX + "tsa.cer")).result })
  const pem = readFileSync(FIX + "tsa.key", "utf8").replace(/-----[^-]+-----|\s/g, "")
  const key = await webcrypto.subtle.importKey("pkcs8", Buffer.from(pem, "base64"), { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"])
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.tstInfo, eContent: new asn1js.OctetString({ valueHex: tst.toSchema().toBER() }) }),
    signerInfos: [new pkijs.SignerInfo({ version: 1, sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }) })],
    certificates: [certificate],
  })
  await signed.sign(key as CryptoKey, 0, "SHA-256")
  return new Uint8Array(new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) }).toSchema().toBER())
}

describe("a revoked signer's signature backdated by a timestamp the site does not trust", () => {
  const detached = new Uint8Array(readFileSync(FIX + "cms/gost256-detached.p7s"))
  const signatureValue = new Uint8Array(signedDataOf(detached).signerInfos[0]!.signature.valueBlock.valueHexView)
  const beforeRevocation = new Date(new Date(REGISTER_REVOKED_AT).getTime() - 30 * 86_400_000)

  it("the attacker's own TSA, dated a month before the revocation: the token is refused and the revocation counts", async () => {
    // PostgreSQL's test database is shared by the files: the signer is valid again for the others afterwards.
    await registerCertificate(api.dataDir, FIX + "director-romashka.cer", "revoked")
    const { status, body } = await check(withToken(detached, await forgedToken(signatureValue, beforeRevocation))).finally(() => registerCertificate(api.dataDir, FIX + "director-romashka.cer", "valid"))
    expect(status).toBe(200)
    expect(body.valid).toBe(false)
    expect(body.signers[0]!.timestamp).toBeNull()
    expect(body.signers[0]!.timestampCheck).toMatchObject({ valid: false, verdict: expect.stringMatching(/^Штамп времени не принят: сертификат службы штампов времени недействителен/) })
    expect(body.verdict).toMatch(/Сертификат прекращён \(отозван\) 01\.06\.2026/)
  })

  it("a genuine token of another signature copied over: refused as not this signature's", async () => {
    const other = new Uint8Array(readFileSync("tests/fixtures/validation/gost256-cades-t.p7s"))
    const token = signedDataOf(other).signerInfos[0]!.unsignedAttrs!.attributes[0]!.values[0] as asn1js.Sequence
    const gost512 = new Uint8Array(readFileSync(FIX + "cms/gost512-detached.p7s"))
    const { body } = await check(withToken(gost512, new Uint8Array(token.toBER())))
    expect(body.signers[0]!.timestamp).toBeNull()
    expect(body.signers[0]!.timestampCheck).toMatchObject({ valid: false, verdict: "Штамп времени не принят: он выдан не для этой подписи" })
  })

  it("the forged token's genTime edited after signing: the TSA's signature no longer verifies", async () => {
    const token = Buffer.from(await forgedToken(signatureValue, beforeRevocation))
    const digits = token.indexOf(Buffer.from(beforeRevocation.toISOString().slice(0, 4)))
    expect(digits).toBeGreaterThan(0)
    token[digits + 3] = token[digits + 3] === 0x35 ? 0x34 : 0x35
    const { body } = await check(withToken(detached, token))
    expect(body.signers[0]!.timestamp).toBeNull()
    expect(body.signers[0]!.timestampCheck).toMatchObject({ valid: false, verdict: "Штамп времени не принят: подпись службы штампов времени неверна" })
  })
})
