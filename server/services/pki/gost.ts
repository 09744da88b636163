import gost, { type GostCurveParams, type GostSignAlgorithm } from "node-gost-crypto"
// The function the library's modular inverse calls but lacks (gost-subtract.ts).
import "./gost-subtract.ts"

/**
 * GOST R 34.10-2012 (256 and 512) signatures and the GOST R 34.11-2012 (Streebog) digest, on the
 * primitives of node-gost-crypto (rudonick's WebCrypto GOST, pure JS). Conventions are those of
 * X.509 and CMS (RFC 4491, RFC 9215): a public key is the little-endian X then the little-endian Y; a
 * signature is s then r, big-endian each (the library's 'CP' procreator); a private key is the
 * little-endian scalar, as OpenSSL's gost engine writes it into PKCS#8.
 *
 * The curve is taken from OUR table of parameter-set OIDs, not from the library's names: the library
 * maps the TC26 256 paramSetA (1.2.643.7.1.2.1.1.1, a twisted Edwards curve in Weierstrass form) to
 * the CryptoPro-A curve, and shifts paramSetB..D by one, so it fails every signature made on those
 * sets; it lacks the 512 paramSetC too. Both curves are given here from RFC 7836 (tests check that
 * the base point has the order q, and verify OpenSSL's signatures on every set).
 */

export type GostBits = 256 | 512

/** id-tc26-gost-3410-2012-256-paramSetA (RFC 7836, A.2), in Weierstrass form. */
const TC26_256_A: GostCurveParams = {
  p: "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFD97",
  a: "0xC2173F1513981673AF4892C23035A27CE25E2013BF95AA33B22C656F277E7335",
  b: "0x295F9BAE7428ED9CCC20E7C359A9D41A22FCCD9108E17BF7BA9337A6F8AE9513",
  q: "0x400000000000000000000000000000000FD8CDDFC87B6635C115AF556C360C67",
  x: "0x91E38443A5E82C0D880923425712B2BB658B9196932E02C78B2582FE742DAA28",
  y: "0x32879423AB1A0375895786C4BB46E9565FDE0B5344766740AF268ADB32322E5C",
}

/** id-tc26-gost-3410-2012-512-paramSetC (RFC 7836, A.1), in Weierstrass form. */
const TC26_512_C: GostCurveParams = {
  p: "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFDC7",
  a: "0xDC9203E514A721875485A529D2C722FB187BC8980EB866644DE41C68E143064546E861C0E2C9EDD92ADE71F46FCF50FF2AD97F951FDA9F2A2EB6546F39689BD3",
  b: "0xB4C4EE28CEBC6C2C8AC12952CF37F16AC7EFB6A9F69F4B57FFDA2E4F0DE5ADE038CBC2FFF719D2C18DE0284B8BFEF3B52B8CC7A5F5BF0A3C8D2319A5312557E1",
  q: "0x3FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC98CDBA46506AB004C33A9FF5147502CC8EDA9E7A769A12694623CEF47F023ED",
  x: "0xE2E31EDFC23DE7BDEBE241CE593EF5DE2295B7A9CBAEF021D385F7074CEA043AA27272A7AE602BF2A7B9033DB9ED3610C6FB85487EAE97AAC5BC7928C1950148",
  y: "0xF5CE40D95B5EB899ABBCCFF5911CB8577939804D6527378B8C108C3D2090FF9BE18E2D33E3021ED2EF32D85822423B6304F726AA854BAE07D0396E9A9ADDC40F",
}

/** Parameter-set OID → the curve: the library's CryptoPro/TC26 512 names where they are right, ours where not. */
export const GOST_CURVES: Readonly<Record<string, { readonly bits: GostBits; readonly curve: string | GostCurveParams; readonly name: string }>> = {
  "1.2.643.2.2.35.0": { bits: 256, curve: "S-256-TEST", name: "id-GostR3410-2001-TestParamSet" },
  "1.2.643.2.2.35.1": { bits: 256, curve: "S-256-A", name: "CryptoPro-A" },
  "1.2.643.2.2.35.2": { bits: 256, curve: "S-256-B", name: "CryptoPro-B" },
  "1.2.643.2.2.35.3": { bits: 256, curve: "S-256-C", name: "CryptoPro-C" },
  "1.2.643.2.2.36.0": { bits: 256, curve: "S-256-A", name: "CryptoPro-XchA" },
  "1.2.643.2.2.36.1": { bits: 256, curve: "S-256-C", name: "CryptoPro-XchB" },
  "1.2.643.7.1.2.1.1.1": { bits: 256, curve: TC26_256_A, name: "TC26-256-A" },
  "1.2.643.7.1.2.1.1.2": { bits: 256, curve: "S-256-A", name: "TC26-256-B" },
  "1.2.643.7.1.2.1.1.3": { bits: 256, curve: "S-256-B", name: "TC26-256-C" },
  "1.2.643.7.1.2.1.1.4": { bits: 256, curve: "S-256-C", name: "TC26-256-D" },
  "1.2.643.7.1.2.1.2.0": { bits: 512, curve: "T-512-TEST", name: "TC26-512-Test" },
  "1.2.643.7.1.2.1.2.1": { bits: 512, curve: "T-512-A", name: "TC26-512-A" },
  "1.2.643.7.1.2.1.2.2": { bits: 512, curve: "T-512-B", name: "TC26-512-B" },
  "1.2.643.7.1.2.1.2.3": { bits: 512, curve: TC26_512_C, name: "TC26-512-C" },
}

/** The curves' raw parameters, for tests that check them (base point of order q). */
export const EXPLICIT_CURVES = { TC26_256_A, TC26_512_C } as const

export class GostParamSetError extends Error {
  constructor(readonly oid: string) {
    super(`Unknown GOST R 34.10-2012 parameter set ${oid}`)
  }
}

// A copy of exactly the view's bytes: a Node Buffer's slice() is a view on the same (pooled) memory,
// so `buffer.slice().buffer` would hand the library the whole pool (readFileSync of a small file).
const toBuffer = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer as ArrayBuffer

/** The library's algorithm of a key; without `hashed` it takes the Streebog digest itself instead of the data. */
function algorithm(curveOid: string, bits: GostBits, hashed = true): GostSignAlgorithm {
  const set = GOST_CURVES[curveOid]
  if (!set || set.bits !== bits) throw new GostParamSetError(curveOid)
  const hash = { name: "GOST R 34.11", version: 2012, length: bits } as const
  const curve = typeof set.curve === "string" ? { namedCurve: set.curve } : { curve: set.curve }
  return { name: "GOST R 34.10", version: 2012, length: bits, procreator: "CP", ...(hashed ? { hash } : {}), ...curve }
}

/** GOST R 34.11-2012 (Streebog) digest of `bits`. */
export function streebog(bits: GostBits, data: Uint8Array): Uint8Array {
  return new Uint8Array(gost.gostEngine.getGostDigest({ name: "GOST R 34.11", version: 2012, length: bits }).digest(toBuffer(data)))
}

export interface GostKey {
  readonly bits: GostBits
  /** The parameter set's OID (the SubjectPublicKeyInfo's publicKeyParamSet). */
  readonly curveOid: string
}

/** Signs `data` (hashed with Streebog of the key's size inside): the signature as X.509 and CMS carry it. */
export function gostSign(key: GostKey & { readonly privateKey: Uint8Array }, data: Uint8Array): Uint8Array {
  const signer = gost.gostEngine.getGostSign(algorithm(key.curveOid, key.bits))
  return new Uint8Array(signer.sign(toBuffer(key.privateKey), toBuffer(data)))
}

/** Verifies a signature over `data`; false (never a throw) for a signature or key of the wrong size or off the curve. */
export function gostVerify(key: GostKey & { readonly publicKey: Uint8Array }, signature: Uint8Array, data: Uint8Array): boolean {
  return verifyWith(key, signature, data, true)
}

/**
 * gostVerify given the data's Streebog digest of the key's size instead of the data: a document hashed
 * once serves every signer that signed it directly.
 */
export function gostVerifyDigest(key: GostKey & { readonly publicKey: Uint8Array }, signature: Uint8Array, digest: Uint8Array): boolean {
  return digest.length === key.bits / 8 && verifyWith(key, signature, digest, false)
}

function verifyWith(key: GostKey & { readonly publicKey: Uint8Array }, signature: Uint8Array, data: Uint8Array, hashed: boolean): boolean {
  const size = key.bits / 4
  if (key.publicKey.length !== size || signature.length !== size) return false
  try {
    const verifier = gost.gostEngine.getGostSign(algorithm(key.curveOid, key.bits, hashed))
    return verifier.verify(toBuffer(key.publicKey), toBuffer(signature), toBuffer(data)) === true
  } catch (error) {
    if (error instanceof GostParamSetError) throw error
    return false
  }
}

/** A new key pair on the set: the private scalar and the public point, little-endian, as gostSign/gostVerify take them. */
export function gostGenerateKey(key: GostKey): { readonly privateKey: Uint8Array; readonly publicKey: Uint8Array } {
  const pair = gost.gostEngine.getGostSign(algorithm(key.curveOid, key.bits)).generateKey()
  return { privateKey: new Uint8Array(pair.privateKey), publicKey: new Uint8Array(pair.publicKey) }
}
