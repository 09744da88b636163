/**
 * The PKI figures of issue 11 ("Bad input, figures"), next to Debian's `openssl` with the GOST engine
 * (libengine-gost-openssl) on the same files in the same run:
 *   1. validation time of a 1 MB document with a detached GOST signature (256 and 512): our verifyCms
 *      (digest, signature, the signer's chain to the demo CA) against
 *      `openssl cms -verify -binary -content doc -inform DER -in sig -noverify`;
 *   2. certificates parsed per second: our parseCertificate on the seeded register's certificates
 *      against `openssl x509 -noout` on the same files, one process per certificate (the way a
 *      shell loop runs it; the process start is part of openssl's figure, and printed alone too).
 * Without the gost engine the openssl side is skipped with a message. BENCH_PKI_RUNS (default 10) runs
 * per validation figure, medians printed. Part of `npm run bench` (section 6; BENCH_PKI=0 skips it);
 * run alone: `npx tsx bench/pki.ts`.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { performance } from "node:perf_hooks"
import { parseCertificate } from "../server/services/pki/certificate.ts"
import { verifyCms } from "../server/services/pki/cms.ts"
import type { TrustStore } from "../server/services/pki/types.ts"

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

function timeProcess(args: readonly string[]): number {
  const start = performance.now()
  const r = spawnSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] })
  const ms = performance.now() - start
  if (r.status !== 0) throw new Error(`openssl ${args.join(" ")}: ${r.stderr?.toString().trim()}`)
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
}

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
  return { validation, parse: { files: files.length, oursPerSecond, opensslPerSecond, opensslStartMs, opensslBundlePerSecond }, openssl: version }
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
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await pkiBench()
  printPki(figures)
  process.exit(figures.validation.every((v) => v.valid) ? 0 : 1)
}
