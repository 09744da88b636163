import { constants, createPublicKey, verify as cryptoVerify, type KeyObject } from "node:crypto"
import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import { type GostBits, GostParamSetError, GOST_CURVES, gostVerify } from "./gost.ts"
import { EC_CURVES, HASH_ALGORITHMS, KEY_ALGORITHM, SIGNATURE_ALGORITHMS } from "./oids.ts"
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

/** GOST key of a SubjectPublicKeyInfo: bits, parameter set and the point (LE X || LE Y); null when it is not a GOST 2012 key. */
export function gostKeyOf(spki: pkijs.PublicKeyInfo): { readonly bits: GostBits; readonly curveOid: string; readonly publicKey: Uint8Array } | null {
  const oid = spki.algorithm.algorithmId
  const bits: GostBits | null = oid === KEY_ALGORITHM.GOST_256 ? 256 : oid === KEY_ALGORITHM.GOST_512 ? 512 : null
  if (bits === null) return null
  const params = spki.algorithm.algorithmParams
  const first = params instanceof asn1js.Sequence ? params.valueBlock.value[0] : undefined
  if (!(first instanceof asn1js.ObjectIdentifier)) return null
  const point = asn1js.fromBER(spki.subjectPublicKey.valueBlock.valueHexView)
  if (point.offset === -1 || !(point.result instanceof asn1js.OctetString)) return null
  return { bits, curveOid: first.valueBlock.toString(), publicKey: new Uint8Array(point.result.valueBlock.valueHexView) }
}

function bitLength(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length && bytes[i] === 0) i++
  if (i === bytes.length) return 0
  return (bytes.length - i - 1) * 8 + (bytes[i] as number).toString(2).length
}

export function describePublicKey(spki: pkijs.PublicKeyInfo): PublicKeyDescription {
  const oid = spki.algorithm.algorithmId
  if (oid === KEY_ALGORITHM.GOST_256 || oid === KEY_ALGORITHM.GOST_512) {
    const gost = gostKeyOf(spki)
    const bits = oid === KEY_ALGORITHM.GOST_256 ? 256 : 512
    const set = gost ? GOST_CURVES[gost.curveOid] : undefined
    return {
      kind: bits === 256 ? "gost2012-256" : "gost2012-512",
      label: `ГОСТ Р 34.10-2012 (${bits} бит${set ? `, ${set.name}` : ""})`,
      curveOid: gost?.curveOid ?? null,
    }
  }
  if (oid === KEY_ALGORITHM.GOST_2001) return { kind: "other", label: "ГОСТ Р 34.10-2001", curveOid: null }
  if (oid === KEY_ALGORITHM.RSA || oid === KEY_ALGORITHM.RSA_PSS) {
    const parsed = asn1js.fromBER(spki.subjectPublicKey.valueBlock.valueHexView)
    const modulus = parsed.result instanceof asn1js.Sequence ? parsed.result.valueBlock.value[0] : undefined
    const bits = modulus instanceof asn1js.Integer ? bitLength(new Uint8Array(modulus.valueBlock.valueHexView)) : 0
    return { kind: "rsa", label: `RSA (${bits} бит)`, curveOid: null }
  }
  if (oid === KEY_ALGORITHM.EC) {
    const params = spki.algorithm.algorithmParams
    const curve = params instanceof asn1js.ObjectIdentifier ? params.valueBlock.toString() : null
    return { kind: "ecdsa", label: `ECDSA (${(curve && EC_CURVES[curve]) ?? curve ?? "явные параметры"})`, curveOid: curve }
  }
  return { kind: "other", label: oid, curveOid: null }
}

function nodeKey(spki: pkijs.PublicKeyInfo): KeyObject {
  return createPublicKey({ key: Buffer.from(spki.toSchema().toBER()), format: "der", type: "spki" })
}

function pssOptions(algorithm: pkijs.AlgorithmIdentifier): { hash: string; saltLength: number } | null {
  const raw = algorithm.algorithmParams
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
  const oid = algorithm.algorithmId
  try {
    const known = SIGNATURE_ALGORITHMS[oid]
    if (known?.kind === "gost" || oid === KEY_ALGORITHM.GOST_256 || oid === KEY_ALGORITHM.GOST_512) {
      const key = gostKeyOf(spki)
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
