/**
 * Rebuilds tests/fixtures/pki/corpus/ (the differential test's real certificates; see its README.md).
 * Needs the network (or a local copy of the repository) and is never run by CI or the tests:
 *
 *   npx tsx scripts/pki-corpus.ts [path of a git directory of schors/gost-russian-ca]
 *
 * Without a path it clones https://github.com/schors/gost-russian-ca into a temporary directory.
 * Every `certs/*.pem` blob in the history up to COMMIT (the accredited CAs' certificates of the
 * Минцифры trusted list, one version after another since 2018), plus the CA roots Node.js bundles
 * (`tls.rootCertificates`, Mozilla's list: RSA and ECDSA, other string types), deduplicated by SHA-1,
 * minus any whose subject or issuer names a person (SNILS, a person's 12-digit INN, OGRNIP, surname
 * or given names). Written as one gzip of the DER certificates end to end, sorted by thumbprint, and
 * a gzip of one line per certificate: thumbprint, source, commit, date, path.
 */
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as tls from "node:tls"
import { gzipSync } from "node:zlib"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"

const REPO = "schors/gost-russian-ca"
const COMMIT = "d78b6ceb0d6531a58370cedaaca4a4487ad31f21"
const OUT = new URL("../tests/fixtures/pki/corpus/", import.meta.url).pathname

/** Name attributes that belong to a person. */
const SNILS = "1.2.643.100.3"
const INN = "1.2.643.3.131.1.1"
const OGRNIP = "1.2.643.100.5"
const SURNAME = "2.5.4.4"
const GIVEN_NAME = "2.5.4.42"

interface Source {
  readonly der: Uint8Array
  readonly source: string
  readonly commit: string
  readonly date: string
  readonly path: string
}

const git = (dir: string, ...args: string[]) => execFileSync("git", ["-c", "core.quotePath=false", "--git-dir", dir, ...args], { encoding: "utf8", maxBuffer: 1 << 28 })

/** A path as git prints it: raw UTF-8, or quoted with octal escapes of its bytes when it holds a quote or a control character. */
function unquote(path: string): string {
  if (!path.startsWith('"')) return path
  const latin1 = JSON.parse(path.replace(/\\(\d{3})/g, (_, octal: string) => `\\u00${parseInt(octal, 8).toString(16).padStart(2, "0")}`)) as string
  return Buffer.from(latin1, "latin1").toString("utf8")
}

function pemCertificates(text: string): Uint8Array[] {
  return [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)].map((m) => new Uint8Array(Buffer.from((m[1] as string).replace(/\s+/g, ""), "base64")))
}

/** Each certs/*.pem blob with the first commit (oldest first) that added it. The bundle ca-certificates.pem only repeats them. */
function trustedList(gitDir: string): Source[] {
  const log = git(gitDir, "log", "--reverse", "--raw", "--no-abbrev", "--no-renames", "--format=C %H %cI", COMMIT, "--", "certs")
  const seen = new Set<string>()
  const out: Source[] = []
  let commit = ""
  let date = ""
  for (const line of log.split("\n")) {
    if (line.startsWith("C ")) {
      ;[, commit = "", date = ""] = line.split(" ")
      continue
    }
    // :100644 100644 <old> <new> M\tcerts/x.pem
    const match = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) [AM]\t(.+)$/.exec(line)
    if (!match) continue
    const [, blob = "", rawPath = ""] = match
    const path = unquote(rawPath)
    if (!path.endsWith(".pem") || path.endsWith("ca-certificates.pem") || seen.has(blob)) continue
    seen.add(blob)
    const text = execFileSync("git", ["--git-dir", gitDir, "cat-file", "blob", blob], { encoding: "utf8" })
    for (const der of pemCertificates(text)) out.push({ der, source: REPO, commit, date, path })
  }
  return out
}

function nodeRoots(): Source[] {
  return tls.rootCertificates.flatMap((pem) => pemCertificates(pem).map((der) => ({ der, source: "nodejs/node", commit: process.version, date: "", path: "src/node_root_certs.h (tls.rootCertificates)" })))
}

/** Why a certificate names a person, or null; read with pkijs so that our own reader's faults cannot let one through. */
function personIn(der: Uint8Array): string | null {
  const cert = new pkijs.Certificate({ schema: asn1js.fromBER(der).result })
  for (const name of [cert.subject, cert.issuer]) {
    for (const { type, value } of name.typesAndValues) {
      const text = String((value as { valueBlock?: { value?: unknown } }).valueBlock?.value ?? "").trim()
      if (type === SNILS || type === OGRNIP || type === SURNAME || type === GIVEN_NAME) return type
      if (type === INN && /^\d{12}$/.test(text) && !text.startsWith("00")) return "personal INN"
    }
  }
  return null
}

const gitDir = process.argv[2] ?? (() => {
  const dir = mkdtempSync(join(tmpdir(), "pki-corpus-"))
  execFileSync("git", ["clone", "--bare", "--quiet", `https://github.com/${REPO}.git`, dir], { stdio: "inherit" })
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }))
  return dir
})()

const byThumbprint = new Map<string, Source>()
const dropped = new Map<string, number>()
let read = 0
for (const source of [...trustedList(gitDir), ...nodeRoots()]) {
  read++
  const thumbprint = createHash("sha1").update(source.der).digest("hex")
  if (byThumbprint.has(thumbprint)) continue
  const person = personIn(source.der)
  if (person) {
    dropped.set(thumbprint, 1)
    continue
  }
  byThumbprint.set(thumbprint, source)
}
const sorted = [...byThumbprint].sort(([a], [b]) => a.localeCompare(b))
writeFileSync(join(OUT, "certificates.der.gz"), gzipSync(Buffer.concat(sorted.map(([, s]) => s.der)), { level: 9 }))
writeFileSync(join(OUT, "sources.tsv.gz"), gzipSync(sorted.map(([t, s]) => [t, s.source, s.commit, s.date, s.path].join("\t")).join("\n") + "\n", { level: 9 }))
const counts = new Map<string, number>()
for (const [, s] of sorted) counts.set(s.source, (counts.get(s.source) ?? 0) + 1)
console.log(`read ${read} certificates; kept ${sorted.length} distinct (${[...counts].map(([k, v]) => `${k}: ${v}`).join(", ")}); left out ${dropped.size} naming a person`)
