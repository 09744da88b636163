/**
 * The PKI figures (docs/validation.md and docs/pki.md, "Figures"), next to Debian's `openssl` with the GOST engine
 * (libengine-gost-openssl) on the same files in the same run:
 *   1. validation time of a 1 MB document with a detached GOST signature (256 and 512): our verifyCms
 *      (digest, signature, the signer's chain to the demo CA) against
 *      `openssl cms -verify -binary -content doc -inform DER -in sig -noverify`;
 *   2. certificates parsed per second: our parseCertificate on the seeded register's certificates
 *      against `openssl x509 -noout` on the same files, one process per certificate (the way a
 *      shell loop runs it; the process start is part of openssl's figure, and printed alone too).
 *   3. the corpus of real certificates (tests/fixtures/pki/corpus/: 3,494, the accredited CAs of the
 *      Минцифры trusted list and Node's Mozilla roots) parsed per second, in one run: our
 *      parseCertificate; pkijs in full (asn1js.fromBER, the Certificate schema, every extension's
 *      parsedValue); @peculiar/asn1-x509 (its Certificate schema; extension values left as bytes);
 *      `openssl storeutl -noout -text -certs` over a PEM bundle of the corpus (one process: every
 *      certificate read and printed as `x509 -noout -text` would, its start taken off),
 *      `openssl crl2pkcs7 -nocrl -certfile` over the same bundle (read whole, no text) and
 *      `openssl x509 -noout -text`, a process per certificate, over the first 200. The openssl
 *      figures need no gost engine (without it openssl prints "Unable to load Public Key" for a
 *      GOST key and reads the rest).
 * Without the gost engine the openssl side of 1 and 2 is skipped with a message. BENCH_PKI_RUNS (default 10) runs
 * per validation figure, medians printed. Part of `npm run bench` (section 6; BENCH_PKI=0 skips it);
 * run alone: `npx tsx bench/pki.ts` (`--corpus`: only 3; BENCH_PKI_CORPUS_MS, default 1000, each JavaScript parser's window in each of 3 rounds).
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { performance } from "node:perf_hooks"
import { AsnParser } from "@peculiar/asn1-schema"
import { Certificate as PeculiarCertificate } from "@peculiar/asn1-x509"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { parseCertificate } from "../server/services/pki/certificate.ts"
import { verifyCms } from "../server/services/pki/cms.ts"
import type { TrustStore } from "../server/services/pki/types.ts"
import { loadCorpus } from "../tests/fixtures/pki/corpus/corpus.ts"

const FIX = resolve("tests/fixtures/pki")
const SEEDED = resolve("server/db/seed/pki/certificates")

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? Number.NaN : (s[Math.floor((s.length - 1) / 2)] as number)
}

/** Whether `openssl` loads the gost engine here. */
function gostEngine(): boolean {
  const r = spawnSync("openssl", ["engine", "-t", "gost"], { encoding: "utf8" })
  return r.status === 0 && /available/.test(r.stdout)
}

function timeProcess(args: readonly string[], stderr: "pipe" | "ignore" = "pipe"): number {
  const start = performance.now()
  // stdout is discarded (storeutl -text prints 15 MB for the corpus); openssl writes it all the same.
  const r = spawnSync("openssl", args, { stdio: ["ignore", "ignore", stderr], maxBuffer: 1 << 26 })
  const ms = performance.now() - start
  // Without the gost engine openssl still reads a GOST certificate but ends with status 1 ("Unable to load Public Key").
  if (r.status !== 0 && stderr === "pipe") throw new Error(`openssl ${args.join(" ")}: ${r.stderr?.toString().trim()}`)
  return ms
}

export interface PkiFigures {
  readonly validation: readonly { readonly name: string; readonly oursMs: number; readonly opensslMs: number | null; readonly valid: boolean }[]
  readonly parse: {
    readonly files: number
    readonly oursPerSecond: number
    readonly opensslPerSecond: number | null
    readonly opensslStartMs: number | null
    /** One openssl process reading a PEM bundle of the files repeated (`openssl crl2pkcs7 -nocrl -certfile`: it reads every certificate whole, no engine needed): its parser without the process starts. */
    readonly opensslBundlePerSecond: number | null
  }
  readonly openssl: string | null
  readonly corpus: CorpusFigures
}

export interface CorpusFigures {
  readonly certificates: number
  readonly oursPerSecond: number
  /** pkijs in full, over as many of the corpus as fit in its window (`pkijsCertificates`). */
  readonly pkijsPerSecond: number
  readonly pkijsCertificates: number
  readonly peculiarPerSecond: number
  readonly peculiarCertificates: number
  /** One `openssl storeutl -noout -text` over the whole corpus, its process start taken off. */
  readonly opensslTextPerSecond: number | null
  /** One `openssl crl2pkcs7 -nocrl -certfile` over the whole corpus: every certificate read whole, no text, start taken off. */
  readonly opensslReadPerSecond: number | null
  /** `openssl x509 -noout -text`, a process per certificate (the start included). */
  readonly opensslProcessPerSecond: number | null
  readonly opensslProcessCertificates: number
}

/** Certificates a second of `parse` over `ders` in order, round after round, for about `ms` (after a warm-up of a tenth of it). */
function perSecond(ders: readonly Uint8Array[], parse: (der: Uint8Array) => unknown, ms: number): { perSecond: number; parsed: number } {
  for (let i = 0, warm = performance.now(); performance.now() - warm < ms / 10; i++) parse(ders[i % ders.length] as Uint8Array)
  let parsed = 0
  const start = performance.now()
  while (performance.now() - start < ms) parse(ders[parsed++ % ders.length] as Uint8Array)
  return { perSecond: parsed / ((performance.now() - start) / 1000), parsed }
}

/** pkijs's whole reading: the schema and every extension's parsed value (what parseCertificate gives needs them). */
function pkijsParse(der: Uint8Array): number {
  const cert = new pkijs.Certificate({ schema: asn1js.fromBER(der).result })
  let n = 0
  for (const extension of cert.extensions ?? []) if (extension.parsedValue !== undefined) n++
  return n
}

export function corpusBench(windowMs = Number(process.env.BENCH_PKI_CORPUS_MS || 1000)): CorpusFigures {
  const ders = loadCorpus()
  // Three rounds, the parsers taking turns (the load of a shared machine changes within seconds): medians.
  const rounds: { perSecond: number; parsed: number }[][] = [[], [], []]
  for (let round = 0; round < 3; round++) {
    rounds[0]!.push(perSecond(ders, parseCertificate, windowMs))
    rounds[1]!.push(perSecond(ders, pkijsParse, windowMs))
    rounds[2]!.push(perSecond(ders, (der) => AsnParser.parse(der, PeculiarCertificate), windowMs))
  }
  const [ours, theirs, peculiar] = rounds.map((r) => ({ perSecond: median(r.map((x) => x.perSecond)), parsed: r.reduce((n, x) => n + x.parsed, 0) })) as [
    { perSecond: number; parsed: number },
    { perSecond: number; parsed: number },
    { perSecond: number; parsed: number },
  ]
  let opensslTextPerSecond: number | null = null
  let opensslReadPerSecond: number | null = null
  let opensslProcessPerSecond: number | null = null
  const processCertificates = Math.min(200, ders.length)
  if (spawnSync("openssl", ["version"]).status === 0) {
    const dir = mkdtempSync(join(tmpdir(), "bench-pki-corpus-"))
    try {
      const startMs = median(Array.from({ length: 5 }, () => timeProcess(["version"])))
      const bundle = join(dir, "corpus.pem")
      writeFileSync(bundle, ders.map((d) => toPemBlock(d)).join(""))
      const ms = median(Array.from({ length: 3 }, () => timeProcess(["storeutl", "-noout", "-text", "-certs", bundle], "ignore")))
      opensslTextPerSecond = ders.length / (Math.max(1, ms - startMs) / 1000)
      const readMs = median(Array.from({ length: 3 }, () => timeProcess(["crl2pkcs7", "-nocrl", "-certfile", bundle, "-out", "/dev/null"], "ignore")))
      opensslReadPerSecond = ders.length / (Math.max(1, readMs - startMs) / 1000)
      const files = ders.slice(0, processCertificates).map((d, i) => {
        const file = join(dir, `${i}.cer`)
        writeFileSync(file, d)
        return file
      })
      const t0 = performance.now()
      for (const file of files) timeProcess(["x509", "-noout", "-text", "-inform", "DER", "-in", file], "ignore")
      opensslProcessPerSecond = files.length / ((performance.now() - t0) / 1000)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return {
    certificates: ders.length,
    oursPerSecond: ours.perSecond,
    pkijsPerSecond: theirs.perSecond,
    pkijsCertificates: Math.min(theirs.parsed, ders.length),
    peculiarPerSecond: peculiar.perSecond,
    peculiarCertificates: Math.min(peculiar.parsed, ders.length),
    opensslTextPerSecond,
    opensslReadPerSecond,
    opensslProcessPerSecond,
    opensslProcessCertificates: processCertificates,
  }
}

const toPemBlock = (der: Uint8Array) => `-----BEGIN CERTIFICATE-----\n${(Buffer.from(der).toString("base64").match(/.{1,64}/g) ?? []).join("\n")}\n-----END CERTIFICATE-----\n`

export async function pkiBench(runs = Number(process.env.BENCH_PKI_RUNS || 10)): Promise<PkiFigures> {
  const withOpenssl = gostEngine()
  const version = withOpenssl ? spawnSync("openssl", ["version"], { encoding: "utf8" }).stdout.trim() : null
  const ca = parseCertificate(new Uint8Array(readFileSync(resolve("server/db/seed/pki/ca.cer"))))
  const store: TrustStore = { roots: async () => [ca], revocationOf: async () => ({ status: "good", revokedAt: null, reason: null }) }
  const docPath = join(FIX, "cms/document-1mb.bin")
  const doc = new Uint8Array(readFileSync(docPath))

  const validation = []
  for (const name of ["gost256-1mb-detached", "gost512-1mb-detached"]) {
    const sigPath = join(FIX, `cms/${name}.p7s`)
    const sig = new Uint8Array(readFileSync(sigPath))
    let valid = (await verifyCms(sig, doc, store)).valid
    const ours: number[] = []
    for (let i = 0; i < runs; i++) {
      const start = performance.now()
      valid = (await verifyCms(sig, doc, store)).valid && valid
      ours.push(performance.now() - start)
    }
    const theirs = withOpenssl
      ? Array.from({ length: runs }, () => timeProcess(["cms", "-verify", "-engine", "gost", "-binary", "-content", docPath, "-inform", "DER", "-in", sigPath, "-noverify", "-out", "/dev/null"]))
      : []
    validation.push({ name, oursMs: median(ours), opensslMs: withOpenssl ? median(theirs) : null, valid })
  }

  const files = readdirSync(SEEDED)
    .filter((f) => f.endsWith(".cer"))
    .map((f) => join(SEEDED, f))
  const ders = files.map((f) => new Uint8Array(readFileSync(f)))
  // Ours: a warm-up round of half a second (the JIT, the first allocations), then about a second,
  // round after round over the same files (as read from disk once).
  for (const warm = performance.now(); performance.now() - warm < 500; ) for (const der of ders) parseCertificate(der)
  let parsed = 0
  const start = performance.now()
  while (performance.now() - start < 1000) for (const der of ders) parsed += parseCertificate(der) ? 1 : 0
  const oursPerSecond = parsed / ((performance.now() - start) / 1000)

  let opensslPerSecond: number | null = null
  let opensslStartMs: number | null = null
  let opensslBundlePerSecond: number | null = null
  if (withOpenssl) {
    const t0 = performance.now()
    for (const f of files) timeProcess(["x509", "-engine", "gost", "-noout", "-inform", "DER", "-in", f])
    opensslPerSecond = files.length / ((performance.now() - t0) / 1000)
    opensslStartMs = median(Array.from({ length: 5 }, () => timeProcess(["version"])))
    const dir = mkdtempSync(join(tmpdir(), "bench-pki-"))
    try {
      const pem = ders.map((d) => `-----BEGIN CERTIFICATE-----\n${(Buffer.from(d).toString("base64").match(/.{1,64}/g) ?? []).join("\n")}\n-----END CERTIFICATE-----\n`).join("")
      const rounds = 50
      const bundle = join(dir, "bundle.pem")
      writeFileSync(bundle, pem.repeat(rounds))
      const ms = timeProcess(["crl2pkcs7", "-nocrl", "-certfile", bundle, "-out", "/dev/null"])
      opensslBundlePerSecond = (files.length * rounds) / (Math.max(1, ms - opensslStartMs) / 1000)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return { validation, parse: { files: files.length, oursPerSecond, opensslPerSecond, opensslStartMs, opensslBundlePerSecond }, openssl: version, corpus: corpusBench() }
}

export function printPki(f: PkiFigures): void {
  if (!f.openssl) console.log("openssl with the gost engine (libengine-gost-openssl) is not available here: its side is skipped")
  else console.log(`against ${f.openssl} with -engine gost, same files, same run`)
  for (const v of f.validation) {
    const theirs = v.opensslMs === null ? "" : `   openssl cms -verify ${v.opensslMs.toFixed(1)} ms   ratio ours/openssl ${(v.oursMs / v.opensslMs).toFixed(2)}`
    console.log(`1 MB document, ${v.name.padEnd(22)} ours ${v.oursMs.toFixed(1)} ms (${v.valid ? "valid" : "INVALID"})${theirs}`)
  }
  const p = f.parse
  const theirs =
    p.opensslPerSecond === null
      ? ""
      : `   openssl x509 -noout (a process each) ${Math.round(p.opensslPerSecond)}/s   ratio ours/openssl ${(p.oursPerSecond / p.opensslPerSecond).toFixed(1)}   (openssl's process start alone: ${p.opensslStartMs?.toFixed(1)} ms)`
  console.log(`certificates parsed per second (${p.files} files): ours ${Math.round(p.oursPerSecond)}/s${theirs}`)
  if (p.opensslBundlePerSecond !== null)
    console.log(`  openssl in one process (a PEM bundle of them, its start taken off): ${Math.round(p.opensslBundlePerSecond)}/s   ratio ours/openssl ${(p.oursPerSecond / p.opensslBundlePerSecond).toFixed(2)}`)
  printCorpus(f.corpus)
}

export function printCorpus(c: CorpusFigures): void {
  const ratio = (theirs: number | null) => (theirs === null ? "" : `   ours/it ${(c.oursPerSecond / theirs).toFixed(1)}`)
  console.log(`the corpus of real certificates (${c.certificates}), parsed per second in one run:`)
  console.log(`  ours (parseCertificate)                                  ${Math.round(c.oursPerSecond)}/s`)
  console.log(`  pkijs (schema + every extension's parsedValue)           ${Math.round(c.pkijsPerSecond)}/s${ratio(c.pkijsPerSecond)}   (${c.pkijsCertificates} certificates in its windows)`)
  console.log(`  @peculiar/asn1-x509 (schema, extension values as bytes)  ${Math.round(c.peculiarPerSecond)}/s${ratio(c.peculiarPerSecond)}   (${c.peculiarCertificates})`)
  if (c.opensslTextPerSecond === null) console.log("  openssl: not available here")
  else {
    console.log(`  openssl storeutl -noout -text (one process, start off)   ${Math.round(c.opensslTextPerSecond)}/s${ratio(c.opensslTextPerSecond)}`)
    console.log(`  openssl crl2pkcs7 (one process, read whole, no text)     ${Math.round(c.opensslReadPerSecond ?? 0)}/s${ratio(c.opensslReadPerSecond)}`)
    console.log(`  openssl x509 -noout -text (a process each, ${c.opensslProcessCertificates})        ${Math.round(c.opensslProcessPerSecond ?? 0)}/s${ratio(c.opensslProcessPerSecond)}`)
  }
  const kept = Math.max(c.pkijsPerSecond, c.peculiarPerSecond)
  console.log(`  the fastest kept JavaScript parser is ${(c.oursPerSecond / kept).toFixed(1)}× slower than ours: ${c.oursPerSecond / kept <= 2 ? "within 2×, use it" : "not within 2×, keep ours"}`)
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === "--corpus") {
  printCorpus(corpusBench())
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await pkiBench()
  printPki(figures)
  process.exit(figures.validation.every((v) => v.valid) ? 0 : 1)
}
