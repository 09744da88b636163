/**
 * The CAdES-T fixtures of tests/fixtures/validation: director-romashka's detached GOST signature
 * (tests/fixtures/pki/cms/gost256-detached.p7s) with a signature timestamp token added, one per kind of
 * time-stamping authority the verifier must tell apart. Run once by hand (needs plain openssl, no
 * engine: the TSAs are RSA): `npx tsx scripts/tsa-fixtures.ts`. The tokens are OpenSSL's
 * (`openssl ts -reply -token_out`); only their insertion into the SignerInfo is ours (pkijs).
 *
 * - tsa.cer / tsa.key: a TSA certified by the fixtures' RSA CA, EKU timeStamping (critical) → counts;
 * - tsa-no-eku.cer / tsa-no-eku.key: certified by the same CA without that purpose → not counted;
 * - the self-signed TSA (its key thrown away) → its chain reaches no trusted root → not counted.
 */
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"

const PKI = "tests/fixtures/pki/"
const OUT = "tests/fixtures/validation/"
const work = mkdtempSync(join(tmpdir(), "tsa-"))
const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: work, stdio: ["ignore", "pipe", "inherit"] })

const ext = (name: string, lines: string[]) => {
  writeFileSync(join(work, name), lines.join("\n") + "\n")
  return join(work, name)
}

/** An RSA TSA: its key and certificate, by the fixtures' RSA CA (or self-signed when `ca` is null). */
function makeTsa(name: string, subject: string, extensions: string[], ca: boolean): { key: string; cert: string } {
  const key = join(work, `${name}.key`)
  const cert = join(work, `${name}.pem`)
  openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key)
  const extFile = ext(`${name}.ext`, ["[v3]", ...extensions, "subjectKeyIdentifier=hash", ca ? "authorityKeyIdentifier=keyid" : ""])
  if (ca) {
    openssl("req", "-new", "-key", key, "-subj", subject, "-utf8", "-out", join(work, `${name}.csr`))
    openssl("x509", "-req", "-in", join(work, `${name}.csr`), "-CA", join(process.cwd(), PKI, "rsa-ca.cer"), "-CAform", "DER", "-CAkey", join(process.cwd(), PKI, "rsa-ca.key"), "-set_serial", `0x${createHash("sha1").update(name).digest("hex").slice(0, 16)}`, "-days", "5475", "-sha256", "-extfile", extFile, "-extensions", "v3", "-out", cert)
  } else {
    openssl("req", "-new", "-x509", "-key", key, "-subj", subject, "-utf8", "-days", "5475", "-sha256", "-extensions", "v3", "-config", ext(`${name}.cnf`, ["[req]", "distinguished_name=dn", "[dn]", ...readFileSync(extFile, "utf8").split("\n")]), "-out", cert)
  }
  return { key, cert }
}

/** OpenSSL's timestamp token (a ContentInfo of SignedData) over the SHA-256 of `data`. */
function token(tsa: { key: string; cert: string }, data: Uint8Array): Uint8Array {
  const dataFile = join(work, "imprint.bin")
  writeFileSync(dataFile, data)
  openssl("ts", "-query", "-data", dataFile, "-sha256", "-cert", "-no_nonce", "-out", join(work, "query.tsq"))
  const config = ext("ts.cnf", [
    "[tsa]",
    "default_tsa = tsa_config",
    "[tsa_config]",
    `serial = ${join(work, "serial")}`,
    `signer_cert = ${tsa.cert}`,
    `signer_key = ${tsa.key}`,
    "signer_digest = sha256",
    "default_policy = 1.2.3.4.1",
    "digests = sha256",
    "accuracy = secs:1",
    "ess_cert_id_alg = sha256",
    "ess_cert_id_chain = no",
  ])
  writeFileSync(join(work, "serial"), "01\n")
  openssl("ts", "-reply", "-config", config, "-queryfile", join(work, "query.tsq"), "-token_out", "-out", join(work, "token.der"))
  return new Uint8Array(readFileSync(join(work, "token.der")))
}

const detached = new Uint8Array(readFileSync(PKI + "cms/gost256-detached.p7s"))
const content = new pkijs.ContentInfo({ schema: asn1js.fromBER(detached).result })
const signedSchema = content.content

function withToken(tokenDer: Uint8Array): Uint8Array {
  const signed = new pkijs.SignedData({ schema: signedSchema })
  const info = signed.signerInfos[0]!
  info.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [new pkijs.Attribute({ type: "1.2.840.113549.1.9.16.2.14", values: [asn1js.fromBER(tokenDer).result] })],
  })
  return new Uint8Array(new pkijs.ContentInfo({ contentType: "1.2.840.113549.1.7.2", content: signed.toSchema(true) }).toSchema().toBER())
}

/**
 * A token signed by a certificate without the timeStamping purpose: `openssl ts -reply` refuses such a
 * signer, so the TSTInfo of a real token is signed again by `openssl cms -sign` (what a misconfigured
 * TSA would send).
 */
function resigned(tokenDer: Uint8Array, tsa: { key: string; cert: string }): Uint8Array {
  const signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: asn1js.fromBER(tokenDer).result }).content })
  const eContent = signed.encapContentInfo.eContent!
  writeFileSync(join(work, "tstinfo.der"), new Uint8Array(eContent.valueBlock.valueHexView))
  openssl("cms", "-sign", "-binary", "-nodetach", "-outform", "DER", "-econtent_type", "1.2.840.113549.1.9.16.1.4", "-md", "sha256", "-nosmimecap", "-cades", "-signer", tsa.cert, "-inkey", tsa.key, "-in", join(work, "tstinfo.der"), "-out", join(work, "resigned.der"))
  return new Uint8Array(readFileSync(join(work, "resigned.der")))
}

const signatureValue = new Uint8Array(new pkijs.SignedData({ schema: signedSchema }).signerInfos[0]!.signature.valueBlock.valueHexView)
const purpose = ["extendedKeyUsage=critical,timeStamping", "keyUsage=critical,digitalSignature,nonRepudiation", "basicConstraints=critical,CA:FALSE"]

const trusted = makeTsa("tsa", "/CN=Тестовая служба штампов времени/O=Test/C=RU", purpose, true)
const noEku = makeTsa("tsa-no-eku", "/CN=Тестовый сервер без назначения TSA/O=Test/C=RU", ["keyUsage=critical,digitalSignature", "basicConstraints=critical,CA:FALSE"], true)
const selfSigned = makeTsa("tsa-self", "/CN=Test TSA", purpose, false)

for (const [name, tsa] of [["tsa", trusted], ["tsa-no-eku", noEku]] as const) {
  writeFileSync(PKI + `${name}.key`, readFileSync(tsa.key))
  openssl("x509", "-in", tsa.cert, "-outform", "DER", "-out", join(process.cwd(), PKI, `${name}.cer`))
}
writeFileSync(OUT + "gost256-cades-t.p7s", withToken(token(trusted, signatureValue)))
writeFileSync(OUT + "gost256-cades-t-no-eku.p7s", withToken(resigned(token(trusted, signatureValue), noEku)))
writeFileSync(OUT + "gost256-cades-t-self-signed-tsa.p7s", withToken(token(selfSigned, signatureValue)))
console.log("written: tsa.cer, tsa-no-eku.cer, gost256-cades-t{,-no-eku,-self-signed-tsa}.p7s")
