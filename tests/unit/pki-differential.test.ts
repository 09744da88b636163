import { describe, expect, test } from "vitest"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { loadCorpus } from "../fixtures/pki/corpus/corpus.ts"
import { compareCertificate, runShare, runShareInWorker, type ShareResult, type Tally } from "../fixtures/pki/corpus/differential.ts"

/**
 * The differential test of our certificate reader (parseCertificate, der-reader.ts) against pkijs on
 * the corpus of real certificates (tests/fixtures/pki/corpus/README.md: the accredited CAs of the
 * Минцифры trusted list and Node's Mozilla roots): every field of every certificate read by both
 * and compared (tests/fixtures/pki/corpus/differential.ts lists them), the signature of every
 * certificate whose issuer is in the corpus verified, no certificate naming a person. Half the
 * corpus is done in a worker thread beside this one. The counts are printed for docs/pki.md.
 */

const corpus = loadCorpus()

describe(`the corpus of real certificates (${corpus.length})`, () => {
  let results: ShareResult[] = []

  test("every certificate is read by our reader and by pkijs, and every field agrees", async () => {
    const other = runShareInWorker(1, 2)
    results = [runShare(0, 2), await other]
    const sum = (f: (r: ShareResult) => number) => results.reduce((n, r) => n + f(r), 0)
    const mismatches = results.flatMap((r) => r.mismatches)
    console.log(
      `differential: ${sum((r) => r.certificates)} certificates, ${sum((r) => r.fields)} fields compared, ${mismatches.length} mismatches (two shares side by side: ${results.map((r) => `${Math.round(r.ms.compare)} ms comparing, ${Math.round(r.ms.signatures)} ms verifying`).join("; ")})`,
    )
    expect(mismatches.slice(0, 20)).toEqual([])
    expect(sum((r) => r.certificates)).toBe(corpus.length)
    expect(corpus.length).toBeGreaterThanOrEqual(2000)
  }, 120_000)

  test("the comparison catches a difference: our reading of one certificate against pkijs's of another differs field by field", () => {
    const a = corpus[0] as Uint8Array
    const first = parseCertificate(a)
    // A certificate of another CA, another key, another day (a re-issued certificate may keep the key).
    const b = corpus.find((der) => {
      const other = parseCertificate(der)
      return other.subject.commonName !== first.subject.commonName && other.subjectKeyId !== first.subjectKeyId && other.notBefore.getTime() !== first.notBefore.getTime()
    }) as Uint8Array
    const tally: Tally = { certificates: 0, fields: 0, mismatches: [] }
    compareCertificate(tally, a, b)
    const fields = new Set(tally.mismatches.map((m) => m.split(":")[0]!.split(" ").slice(1).join(" ")))
    for (const field of ["serial", "tbs bytes", "signature value", "public key bits", "notBefore", "subjectKeyIdentifier", "subject.commonName"]) expect(fields).toContain(field)
  })

  test("the committed corpus names no person: no SNILS, OGRNIP, surname, given names or a person's 12-digit INN (read by pkijs and by us)", () => {
    expect(results).toHaveLength(2)
    expect(results.flatMap((r) => r.people)).toEqual([])
  })

  test("every certificate whose issuer is in the corpus verifies against it (GOST 2012, RSA, ECDSA; Node's verifier agrees on RSA and ECDSA)", () => {
    expect(results).toHaveLength(2)
    const s = results.map((r) => r.signatures)
    const sum = (f: (x: ShareResult["signatures"]) => number) => s.reduce((n, x) => n + f(x), 0)
    const failed = s.flatMap((x) => x.failed)
    console.log(
      `signatures: ${sum((x) => x.verified)} verified against their issuer in the corpus (${sum((x) => x.selfSigned)} self-signed), ${failed.length} failed, ${sum((x) => x.issuerAbsent)} issuer not in the corpus, ${sum((x) => x.gost2001)} GOST R 34.10-2001 not checked`,
    )
    expect(failed).toEqual([])
    expect(s.flatMap((x) => x.nodeDisagrees)).toEqual([])
    expect(sum((x) => x.verified)).toBeGreaterThan(1000)
  })
})
