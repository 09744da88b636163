import { constants, createPublicKey, verify as cryptoVerify, type KeyObject } from "node:crypto"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { children, contents, oidText, readTlv, TAG, type Tlv } from "./der-reader.ts"
import { type GostBits, GostParamSetError, GOST_CURVES, gostVerify, gostVerifyDigest } from "./gost.ts"
import { EC_CURVES, HASH_ALGORITHMS, KEY_ALGORITHM, SIGNATURE_ALGORITHMS, STREEBOG } from "./oids.ts"
import type { PublicKeyKind } from "./types.ts"

/**
 * Public keys and signatures of certificates, requests, CRLs and CMS signers: what the key is (for
 * the labels) and whether a signature made with it verifies. GOST through gost.ts (the parameter set
 * read from the key's own SubjectPublicKeyInfo, the issuer's for a certificate), RSA (PKCS#1 v1.5
 * and PSS) and ECDSA through node:crypto. A verification never throws on bad bytes: it is false.
 */

export interface PublicKeyDescription {
  readonly kind: PublicKeyKind
  readonly label: string
  readonly curveOid: string | null
}

/**
 * A SubjectPublicKeyInfo as the checks need it: read straight from DER by certificate.ts (no pkijs
 * object), or taken from a pkijs PublicKeyInfo by the wrappers below.
 */
export interface KeyInfo {
  readonly algorithmId: string
  /** DER of the algorithm's parameters (null when absent). */
  readonly params: Uint8Array | null
  /** The subjectPublicKey BIT STRING's bits. */
  readonly key: Uint8Array
  /** DER of the whole SubjectPublicKeyInfo (for node:crypto). */
  spkiDer(): Uint8Array
}

/** A signature algorithm's identifier: its OID and the DER of its parameters (null when absent). */
export interface AlgorithmInfo {
  readonly algorithmId: string
  readonly params: Uint8Array | null
}

const paramsDer = (params: unknown): Uint8Array | null =>
  params instanceof asn1js.BaseBlock && !(params instanceof asn1js.Any) ? new Uint8Array(params.toBER()) : null

/** The KeyInfo of a pkijs PublicKeyInfo. */
export function keyInfoOf(spki: pkijs.PublicKeyInfo): KeyInfo {
  return {
    algorithmId: spki.algorithm.algorithmId,
    params: paramsDer(spki.algorithm.algorithmParams),
    key: spki.subjectPublicKey.valueBlock.valueHexView,
    spkiDer: () => new Uint8Array(spki.toSchema().toBER()),
  }
}

export const algorithmInfoOf = (algorithm: pkijs.AlgorithmIdentifier): AlgorithmInfo => ({
  algorithmId: algorithm.algorithmId,
  params: paramsDer(algorithm.algorithmParams),
})

/** The first TLV of DER bytes, or null when they do not hold one. */
function tlvOf(bytes: Uint8Array | null): Tlv | null {
  if (!bytes) return null
  try {
    return readTlv(bytes)
  } catch {
    return null
  }
}

/** GOST key of a SubjectPublicKeyInfo: bits, parameter set and the point (LE X || LE Y); null when it is not a GOST 2012 key. */
export function gostKeyOf(spki: pkijs.PublicKeyInfo): { readonly bits: GostBits; readonly curveOid: string; readonly publicKey: Uint8Array } | null {
  return gostKeyOfInfo(keyInfoOf(spki))
}

export function gostKeyOfInfo(spki: KeyInfo): { readonly bits: GostBits; readonly curveOid: string; readonly publicKey: Uint8Array } | null {
  const oid = spki.algorithmId
  const bits: GostBits | null = oid === KEY_ALGORITHM.GOST_256 ? 256 : oid === KEY_ALGORITHM.GOST_512 ? 512 : null
  if (bits === null) return null
  try {
    const params = tlvOf(spki.params)
    if (!params || params.tag !== TAG.SEQUENCE) return null
    const first = children(params)[0]
    if (!first || first.tag !== TAG.OID) return null
    const point = readTlv(spki.key)
    if (point.tag !== TAG.OCTET_STRING) return null
    return { bits, curveOid: oidText(first), publicKey: new Uint8Array(contents(point)) }
  } catch {
    return null
  }
}

function bitLength(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length && bytes[i] === 0) i++
  if (i === bytes.length) return 0
  return (bytes.length - i - 1) * 8 + (bytes[i] as number).toString(2).length
}

export function describePublicKey(spki: pkijs.PublicKeyInfo): PublicKeyDescription {
  return describeKey(keyInfoOf(spki))
}

function rsaModulusBits(key: Uint8Array): number {
  try {
    const modulus = children(readTlv(key))[0]
    return modulus?.tag === TAG.INTEGER ? bitLength(contents(modulus)) : 0
  } catch {
    return 0
  }
}

export function describeKey(spki: KeyInfo): PublicKeyDescription {
  const oid = spki.algorithmId
  if (oid === KEY_ALGORITHM.GOST_256 || oid === KEY_ALGORITHM.GOST_512) {
    const gost = gostKeyOfInfo(spki)
    const bits = oid === KEY_ALGORITHM.GOST_256 ? 256 : 512
    const set = gost ? GOST_CURVES[gost.curveOid] : undefined
    return {
      kind: bits === 256 ? "gost2012-256" : "gost2012-512",
      label: `ГОСТ Р 34.10-2012 (${bits} бит${set ? `, ${set.name}` : ""})`,
      curveOid: gost?.curveOid ?? null,
    }
  }
  if (oid === KEY_ALGORITHM.GOST_2001) return { kind: "other", label: "ГОСТ Р 34.10-2001", curveOid: null }
  if (oid === KEY_ALGORITHM.RSA || oid === KEY_ALGORITHM.RSA_PSS) return { kind: "rsa", label: `RSA (${rsaModulusBits(spki.key)} бит)`, curveOid: null }
  if (oid === KEY_ALGORITHM.EC) {
    const params = tlvOf(spki.params)
    const curve = params?.tag === TAG.OID ? oidOrNull(params) : null
    return { kind: "ecdsa", label: `ECDSA (${(curve && EC_CURVES[curve]) ?? curve ?? "явные параметры"})`, curveOid: curve }
  }
  return { kind: "other", label: oid, curveOid: null }
}

function oidOrNull(tlv: Tlv): string | null {
  try {
    return oidText(tlv)
  } catch {
    return null
  }
}

function nodeKey(spki: KeyInfo): KeyObject {
  const der = spki.spkiDer()
  return createPublicKey({ key: Buffer.from(der.buffer, der.byteOffset, der.length), format: "der", type: "spki" })
}

function pssOptions(algorithm: AlgorithmInfo): { hash: string; saltLength: number } | null {
  const raw = algorithm.params ? asn1js.fromBER(algorithm.params).result : undefined
  if (raw === undefined || raw instanceof asn1js.Null) return { hash: "sha1", saltLength: 20 }
  const params = new pkijs.RSASSAPSSParams({ schema: raw })
  const hash = HASH_ALGORITHMS[params.hashAlgorithm.algorithmId]
  return hash ? { hash, saltLength: params.saltLength } : null
}

/**
 * Whether `signature` over `data` verifies with the key `spki` under `algorithm` (a signature
 * algorithm's identifier; in CMS also a key algorithm with the digest in `hash`, a node:crypto name).
 */
export function verifySignature(spki: pkijs.PublicKeyInfo, algorithm: pkijs.AlgorithmIdentifier, signature: Uint8Array, data: Uint8Array, hash?: string): boolean {
  let key: KeyInfo
  let alg: AlgorithmInfo
  try {
    key = keyInfoOf(spki)
    alg = algorithmInfoOf(algorithm)
  } catch {
    return false
  }
  return verifyWithKey(key, alg, signature, data, hash)
}

/**
 * A GOST signature made directly over a document (a CMS signer without signed attributes), checked
 * against the document's Streebog digest already computed (`digestOid`, `digest`): null when the key is
 * not a GOST 2012 key of that digest's size, so the caller verifies over the data instead.
 */
export function verifyGostOfDigest(spki: pkijs.PublicKeyInfo, algorithm: pkijs.AlgorithmIdentifier, signature: Uint8Array, digestOid: string, digest: Uint8Array): boolean | null {
  try {
    const oid = algorithm.algorithmId
    const known = SIGNATURE_ALGORITHMS[oid]
    if (known?.kind !== "gost" && oid !== KEY_ALGORITHM.GOST_256 && oid !== KEY_ALGORITHM.GOST_512) return null
    const key = gostKeyOf(spki)
    const bits = known?.bits ?? (oid === KEY_ALGORITHM.GOST_256 ? 256 : 512)
    if (!key || key.bits !== bits || STREEBOG[bits] !== digestOid) return null
    return gostVerifyDigest(key, signature, digest)
  } catch {
    return false
  }
}

/** verifySignature on a KeyInfo and AlgorithmInfo. */
export function verifyWithKey(spki: KeyInfo, algorithm: AlgorithmInfo, signature: Uint8Array, data: Uint8Array, hash?: string): boolean {
  const oid = algorithm.algorithmId
  try {
    const known = SIGNATURE_ALGORITHMS[oid]
    if (known?.kind === "gost" || oid === KEY_ALGORITHM.GOST_256 || oid === KEY_ALGORITHM.GOST_512) {
      const key = gostKeyOfInfo(spki)
      const bits = known?.bits ?? (oid === KEY_ALGORITHM.GOST_256 ? 256 : 512)
      if (!key || key.bits !== bits) return false
      return gostVerify(key, signature, data)
    }
    if (known?.kind === "rsa" || (oid === KEY_ALGORITHM.RSA && hash)) {
      const digest = known?.hash ?? hash
      if (!digest) return false
      return cryptoVerify(digest, data, { key: nodeKey(spki), padding: constants.RSA_PKCS1_PADDING }, signature)
    }
    if (known?.kind === "rsa-pss") {
      const options = pssOptions(algorithm)
      if (!options) return false
      return cryptoVerify(options.hash, data, { key: nodeKey(spki), padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: options.saltLength }, signature)
    }
    if (known?.kind === "ecdsa" || (oid === KEY_ALGORITHM.EC && hash)) {
      const digest = known?.hash ?? hash
      if (!digest) return false
      return cryptoVerify(digest, data, { key: nodeKey(spki), dsaEncoding: "der" }, signature)
    }
    return false
  } catch (error) {
    if (error instanceof GostParamSetError) return false
    return false
  }
}

/** Russian label of a signature algorithm (its OID when unknown). */
export const signatureAlgorithmLabel = (oid: string): string => SIGNATURE_ALGORITHMS[oid]?.label ?? oid
