import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { validationMessages } from "../../schemas/messages/validation.ts"
import { serverWithAdmin } from "./harness.ts"
import { upload } from "./multipart.ts"

const t = validationMessages.pdf
const pdf = (name: string) => readFileSync(`tests/fixtures/validation/pdf/${name}`)

interface PdfView {
  kind: "pdf"
  valid: boolean
  verdict: string
  revisions: number
  signatures: {
    valid: boolean | null
    verdict: string
    format: string | null
    time: { iso: string; text: string } | null
    byteRange: number[] | null
    changes: "none" | "signatures" | "changed"
    changesText: string
    signer: { valid: boolean; digestMatches: boolean | null; signatureValid: boolean; certificate: { subject: { readable: { name: string; organisation: string | null } }; chain: { status: string } } | null } | null
  }[]
}
type Errors = { errors: Record<string, string[]> }

const api = serverWithAdmin()
const url = () => `${api.url}/api/v1/svs/signatures/validate/`
const check = <T = PdfView>(data: Buffer, filename = "Акт.pdf") => upload<T>(url(), undefined, [{ name: "signature", filename, data }])
const tmpFiles = () => {
  const path = join(api.dataDir, "uploads", "tmp")
  return existsSync(path) ? readdirSync(path) : []
}

describe("POST /api/v1/svs/signatures/validate/ with a signed PDF", () => {
  it("a valid signature: the signer by name, the time, the verdict, nothing changed after it; no document asked for", async () => {
    const a = await check(pdf("signed.pdf"))
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({ kind: "pdf", valid: true, verdict: "Подпись действительна", revisions: 1 })
    expect(a.body.signatures).toHaveLength(1)
    const s = a.body.signatures[0]!
    expect(s).toMatchObject({ valid: true, verdict: "Подпись действительна", format: "adbe.pkcs7.detached", changes: "none", changesText: t.unchanged })
    expect(s.time).toEqual({ iso: "2026-11-28T09:00:00.000Z", text: "28.11.2026 12:00" })
    expect(s.signer).toMatchObject({ valid: true, digestMatches: true, signatureValid: true, certificate: { chain: { status: "trusted" }, subject: { readable: { name: "Петров Пётр Петрович", organisation: "ООО «Ромашка»" } } } })
    expect(tmpFiles()).toEqual([])
  })

  it("a byte changed inside the signed range: the digest does not match", async () => {
    const a = await check(pdf("tampered.pdf"))
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({ valid: false, verdict: validationMessages.signer.digestMismatch })
    expect(a.body.signatures[0]).toMatchObject({ valid: false, signer: { digestMatches: false, signatureValid: true } })
  })

  it("an update appended after signing: the signature holds, the document was changed after it", async () => {
    const a = await check(pdf("changed-after.pdf"))
    expect(a.body).toMatchObject({ valid: false, verdict: t.changedAfterLast(1), revisions: 2 })
    expect(a.body.signatures[0]).toMatchObject({ valid: true, changes: "changed", changesText: t.changedAfter })
  })

  it("two signatures, the second over the whole update: both valid, the first followed only by the second", async () => {
    const a = await check(pdf("two-signatures.pdf"))
    expect(a.body).toMatchObject({ valid: true, verdict: t.validAll(2), revisions: 2 })
    expect(a.body.signatures.map((s) => [s.valid, s.format, s.changes, s.signer?.certificate?.subject.readable.name])).toEqual([
      [true, "adbe.pkcs7.detached", "signatures", "Петров Пётр Петрович"],
      [true, "ETSI.CAdES.detached", "none", "Иванов Иван Иванович"],
    ])
    expect(a.body.signatures[0]!.changesText).toBe(t.signaturesAdded)
  })

  it("a signed PDF we did not make (pyHanko's, ECDSA): each signature verifies over its range, the chain is not ours to trust", async () => {
    const a = await check(pdf("pyhanko-signed-twice-no-sig-type.pdf"))
    expect(a.status).toBe(200)
    expect(a.body.signatures.map((s) => [s.signer?.signatureValid, s.signer?.digestMatches, s.signer?.certificate?.chain.status])).toEqual([
      [true, true, "untrusted"],
      [true, true, "untrusted"],
    ])
  })

  it("a PDF without signatures: 422 under `signature`, saying how a detached signature is checked", async () => {
    const a = await check<Errors>(Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"))
    expect(a.status).toBe(422)
    expect(a.body.errors.signature).toEqual([t.noSignatures])
    expect(tmpFiles()).toEqual([])
  })
})
