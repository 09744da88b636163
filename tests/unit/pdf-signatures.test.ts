import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { validationMessages } from "../../schemas/messages/validation.ts"
import { derObjectLength } from "../../server/services/pki/der.ts"
import { verifyPdf } from "../../server/services/pki/pdf-check.ts"
import { changesAfter, isPdf, PDF_SIGNATURES_MAX, readPdfSignatures, signedBytes } from "../../server/services/pki/pdf-signatures.ts"
import { pdfDate, PdfReader, pdfText } from "../../server/services/pki/pdf-syntax.ts"
import type { TrustStore } from "../../server/services/pki/types.ts"
import { fixtureSigner, signedPdf, withChangedPage, withSecondSignature } from "../fixtures/validation/pdf/build-signed-pdf.ts"

const t = validationMessages.pdf
const FIX = "tests/fixtures/validation/pdf/"
const pdf = (name: string) => new Uint8Array(readFileSync(FIX + name))
/** No trusted roots, nothing revoked: the chain is untrusted, the signature's own checks still run. */
const noRoots: TrustStore = { roots: async () => [], revocationOf: async () => null }

describe("the signatures inside a PDF, read", () => {
  it("one signature: its /ByteRange around its /Contents, the CMS without the padding, /SubFilter, /M; nothing after it", () => {
    const bytes = pdf("signed.pdf")
    const found = readPdfSignatures(bytes)
    expect(found.signatures).toHaveLength(1)
    const s = found.signatures[0]!
    expect(s).toMatchObject({ subFilter: "adbe.pkcs7.detached", problem: null, name: "Petrov" })
    expect(s.time?.toISOString()).toBe("2026-11-28T09:00:00.000Z")
    const [a, b, c, d] = s.byteRange as [number, number, number, number]
    expect(a).toBe(0)
    expect(String.fromCharCode(bytes[b]!, bytes[c - 1]!)).toBe("<>")
    expect(c + d).toBe(bytes.length)
    expect(derObjectLength(s.cms!)).toBe(s.cms!.length)
    expect(s.cms!.length).toBeLessThan(8192)
    expect(Buffer.from(signedBytes(bytes, s.byteRange!))).toEqual(Buffer.concat([bytes.subarray(0, b), bytes.subarray(c)]))
    expect(changesAfter(s, found, bytes)).toBe("none")
    expect(found.revisionEnds).toEqual([bytes.length])
  })

  it("an update appended after signing is a change; a later revision that adds a signature is told apart", () => {
    const changed = pdf("changed-after.pdf")
    const a = readPdfSignatures(changed)
    expect(a.revisionEnds).toHaveLength(2)
    expect(changesAfter(a.signatures[0]!, a, changed)).toBe("changed")

    const two = pdf("two-signatures.pdf")
    const b = readPdfSignatures(two)
    expect(b.signatures.map((s) => s.subFilter)).toEqual(["adbe.pkcs7.detached", "ETSI.CAdES.detached"])
    expect(b.signatures.map((s) => changesAfter(s, b, two))).toEqual(["signatures", "none"])

    // A change, then a signature over it: the first signer's document was changed, not only signed again.
    const both = new Uint8Array(withSecondSignature(withChangedPage(Buffer.from(pdf("signed.pdf")), "Act No. 99"), fixtureSigner("user-ivanov")))
    const c = readPdfSignatures(both)
    expect(c.signatures.map((s) => changesAfter(s, c, both))).toEqual(["changed", "none"])
  })

  it("pyHanko's files (not ours): dictionaries without /Type /Sig, /M in octal escapes; a gap larger than /Contents fails", () => {
    const twice = readPdfSignatures(pdf("pyhanko-signed-twice-no-sig-type.pdf"))
    expect(twice.signatures).toHaveLength(2)
    expect(twice.signatures.map((s) => s.problem)).toEqual([null, null])
    expect(twice.signatures[0]!.time?.toISOString()).toBe("2020-11-01T00:00:00.000Z")
    expect(readPdfSignatures(pdf("pyhanko-signature-gap-too-big.pdf")).signatures[0]!.problem).toBe(t.byteRangeGap)
  })

  it("a signature dictionary written directly as the field's /V is found, once", () => {
    const direct = new Uint8Array(signedPdf(fixtureSigner("director-romashka"), { directValue: true }))
    const found = readPdfSignatures(direct)
    expect(found.signatures).toHaveLength(1)
    expect(found.signatures[0]).toMatchObject({ problem: null, subFilter: "adbe.pkcs7.detached" })
    expect(changesAfter(found.signatures[0]!, found, direct)).toBe("none")
  })

  it("more than the limit is refused as too many signatures", () => {
    const one = "1 0 obj << /Type /Sig /ByteRange [0 1 2 3] /Contents <00> >> endobj\n"
    const many = new Uint8Array(Buffer.from(`%PDF-1.7\n${one.repeat(PDF_SIGNATURES_MAX + 1)}%%EOF\n`, "latin1"))
    expect(() => readPdfSignatures(many)).toThrow(t.tooManySignatures(PDF_SIGNATURES_MAX))
  })

  it("the PDF syntax: dates with offsets, UTF-16 text, references, nested strings, names with # escapes", () => {
    expect(pdfDate("D:20261128120000+03'00'")?.toISOString()).toBe("2026-11-28T09:00:00.000Z")
    expect(pdfDate("D:2026")?.toISOString()).toBe("2026-01-01T00:00:00.000Z")
    expect(pdfDate("вчера")).toBeNull()
    const r = new PdfReader(new Uint8Array(Buffer.from("<< /A#20B 12 0 R /S (a (b) \\051) /H <FEFF0418 0432> /N [1 -2.5 true null] >>", "latin1")), 0)
    const v = r.value() as unknown as { dict: Map<string, unknown> }
    expect(v.dict.get("A B")).toEqual({ ref: [12, 0] })
    expect(Buffer.from((v.dict.get("S") as { bytes: Uint8Array }).bytes).toString("latin1")).toBe("a (b) )")
    expect(pdfText(v.dict.get("H") as never)).toBe("Ив")
    expect(v.dict.get("N")).toEqual([1, -2.5, true, null])
    expect(isPdf(pdf("signed.pdf"))).toBe(true)
    expect(isPdf(new Uint8Array([0x30, 0x82]))).toBe(false)
  })
})

describe("the signatures inside a PDF, verified (untrusted roots: the chain aside)", () => {
  const signatureOk = (r: Awaited<ReturnType<typeof verifyPdf>>) => r.signatures.map((s) => s.cms?.signers[0]?.signatureValid && s.cms.signers[0].digestMatches)

  it("ours and pyHanko's verify over their ranges; a changed byte is a digest mismatch", async () => {
    expect(signatureOk(await verifyPdf(pdf("signed.pdf"), noRoots))).toEqual([true])
    expect(signatureOk(await verifyPdf(pdf("two-signatures.pdf"), noRoots))).toEqual([true, true])
    expect(signatureOk(await verifyPdf(pdf("pyhanko-signed-twice-no-sig-type.pdf"), noRoots))).toEqual([true, true])
    const tampered = await verifyPdf(pdf("tampered.pdf"), noRoots)
    expect(tampered.signatures[0]).toMatchObject({ valid: false, verdict: validationMessages.signer.digestMismatch })
  })

  it("adbe.pkcs7.sha1 and unknown forms are not checked, with the reason; a PDF without signatures is refused", async () => {
    const sha1 = Buffer.from(signedPdf(fixtureSigner("director-romashka"), { subFilter: "adbe.pkcs7.sha1" }))
    const report = await verifyPdf(new Uint8Array(sha1), noRoots)
    expect(report).toMatchObject({ valid: false, verdict: t.sha1, signatures: [{ valid: null, verdict: t.sha1 }] })
    const other = await verifyPdf(new Uint8Array(signedPdf(fixtureSigner("director-romashka"), { subFilter: "adbe.x509.rsa_sha1" })), noRoots)
    expect(other.signatures[0]!.verdict).toBe(t.unsupported("adbe.x509.rsa_sha1"))
    await expect(verifyPdf(new Uint8Array(Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n")), noRoots)).rejects.toThrow(t.noSignatures)
  })
})
