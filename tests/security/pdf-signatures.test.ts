import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { validationMessages } from "../../schemas/messages/validation.ts"
import { PDF_CONTENTS_MAX_BYTES, PDF_SIGNATURES_MAX } from "../../server/services/pki/pdf-signatures.ts"
import { serverWithAdmin } from "../api/helpers.ts"
import { upload } from "../api/multipart.ts"

/**
 * A signed PDF edited as an attacker edits it: the /ByteRange made to lie about what was signed, a
 * /Contents that is not a signature, more signature dictionaries or a larger /Contents than anyone
 * needs. Each is a failed signature with its reason, or a 422; never a 500, never "valid".
 */

const t = validationMessages.pdf
const signed = readFileSync("tests/fixtures/validation/pdf/signed.pdf")
const text = signed.toString("latin1")
const range = /\/ByteRange \[0 (\d{10}) (\d{10}) (\d{10})\]/.exec(text)!
const [b, c, d] = [Number(range[1]), Number(range[2]), Number(range[3])]

/** signed.pdf with its /ByteRange rewritten in place (the same width, so nothing else moves). */
function withByteRange(values: readonly (number | string)[]): Buffer {
  const written = `/ByteRange [${values.map(String).join(" ")}]`.padEnd(range[0].length, " ")
  expect(written.length).toBe(range[0].length)
  return Buffer.from(text.replace(range[0], written), "latin1")
}

interface PdfView {
  valid: boolean
  verdict: string
  signatures: { valid: boolean | null; verdict: string; signer: unknown; changes: string | null }[]
}
type Errors = { errors: Record<string, string[]> }

const api = serverWithAdmin()
const check = <T = PdfView>(data: Buffer) => upload<T>(`${api.url}/api/v1/svs/signatures/validate/`, undefined, [{ name: "signature", filename: "signed.pdf", data }])

/** A failed signature with exactly this reason, and no CMS verified for it. */
async function failsWith(pdf: Buffer, reason: string) {
  const a = await check(pdf)
  expect(a.status).toBe(200)
  expect(a.body).toMatchObject({ valid: false, verdict: reason, signatures: [{ valid: false, verdict: reason, signer: null, changes: null }] })
}

describe("signed PDFs that lie", () => {
  it("a /ByteRange whose gap starts before /Contents (bytes of the document left unsigned) fails, though the CMS itself is intact", async () => {
    // The gap widened by 40 bytes to the left: those bytes could now say anything.
    await failsWith(withByteRange([0, String(b - 40).padStart(10, "0"), String(c).padStart(10, "0"), String(d).padStart(10, "0")]), t.byteRangeGap)
    // Or shifted: the signed ranges include part of /Contents, the real document's end unsigned.
    await failsWith(withByteRange([0, String(b + 2).padStart(10, "0"), String(c).padStart(10, "0"), String(d - 10).padStart(10, "0")]), t.byteRangeGap)
  })

  it("a /ByteRange beyond the end of the file, one that does not start at 0, negative or fractional numbers, three numbers", async () => {
    await failsWith(withByteRange([0, String(b).padStart(10, "0"), String(c).padStart(10, "0"), String(d + 1000).padStart(10, "0")]), t.byteRangeOutside)
    await failsWith(withByteRange([0, String(b).padStart(10, "0"), "9999999999", String(d).padStart(10, "0")]), t.byteRangeOutside)
    await failsWith(withByteRange([1, String(b).padStart(10, "0"), String(c).padStart(10, "0"), String(d).padStart(10, "0")]), t.byteRangeNotFromStart)
    await failsWith(withByteRange([0, String(b).padStart(10, "0"), String(c).padStart(10, "0"), "-000000005"]), t.byteRangeMalformed)
    await failsWith(withByteRange([0, String(b).padStart(10, "0"), String(c).padStart(10, "0"), "00000466.5"]), t.byteRangeMalformed)
    await failsWith(withByteRange([0, String(b).padStart(10, "0"), String(c).padStart(10, "0")]), t.byteRangeMalformed)
  })

  it("a /Contents that is not hex, or hex that is not a CMS", async () => {
    const notHex = Buffer.from(signed)
    notHex.write("ZZ", b + 1, "latin1")
    await failsWith(notHex, t.contentsNotHex)
    const notCms = Buffer.from(signed)
    notCms.write("31", b + 1, "latin1")
    await failsWith(notCms, t.contentsNotCms)
  })

  it("1,000 signature dictionaries: 422 with the limit in Russian, answered at once", async () => {
    let body = "%PDF-1.7\n"
    for (let n = 1; n <= 1000; n++) body += `${n} 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 10 20 30] /Contents <3000> >>\nendobj\n`
    const started = Date.now()
    const a = await check<Errors>(Buffer.from(`${body}%%EOF\n`, "latin1"))
    expect(a.status).toBe(422)
    expect(a.body.errors.signature).toEqual([t.tooManySignatures(PDF_SIGNATURES_MAX)])
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it("a /Contents larger than any signature (4 MB of hex), its /ByteRange exact: not checked, with the reason", async () => {
    const head = "%PDF-1.7\n1 0 obj\n<< /Type /Sig /SubFilter /adbe.pkcs7.detached /ByteRange [0 0000000000 0000000000 0000000000] /Contents <"
    const hex = "30".repeat(2 * PDF_CONTENTS_MAX_BYTES)
    const tail = "> >>\nendobj\n%%EOF\n"
    const gapStart = head.length - 1
    const gapEnd = head.length + hex.length + 1
    const filled = head.replace("[0 0000000000 0000000000 0000000000]", `[0 ${[gapStart, gapEnd, tail.length - 1].map((n) => String(n).padStart(10, "0")).join(" ")}]`)
    await failsWith(Buffer.from(filled + hex + tail, "latin1"), t.contentsTooLarge(PDF_CONTENTS_MAX_BYTES / 1_000_000))
  })

  it("a truncated file, nesting 100,000 deep, a /Contents never closed: 422 (no signature found), never 500", async () => {
    for (const data of [
      signed.subarray(0, b + 100),
      Buffer.from(`%PDF-1.7\n1 0 obj\n<< /ByteRange [0 1 2 3] /X ${"[".repeat(100_000)} >>\nendobj\n%%EOF\n`, "latin1"),
      Buffer.from("%PDF-1.7\n1 0 obj\n<< /ByteRange [0 1 2 3] /Contents <3082", "latin1"),
    ]) {
      const a = await check<Errors>(data)
      expect(a.status).toBe(422)
      expect(a.body.errors.signature).toEqual([t.noSignatures])
    }
  })
})
