import * as asn1js from "asn1js"
import * as pkijs from "pkijs"
import type { GostBits } from "./gost.ts"
import { parseAsn1, readDer } from "./der.ts"
import { KEY_ALGORITHM } from "./oids.ts"
import { PkiInputError } from "./types.ts"

/**
 * A GOST R 34.10-2012 private key from PKCS#8 (PEM or DER) as OpenSSL's gost engine writes it: the
 * privateKey OCTET STRING holds the little-endian scalar itself (newer engines), an OCTET STRING of
 * it, or a big-endian INTEGER (older ones). Only the CA's key and the test keys are read with it.
 */

export const NOT_A_KEY = "Файл не является закрытым ключом ГОСТ Р 34.10-2012"

export interface GostPrivateKey {
  readonly bits: GostBits
  readonly curveOid: string
  /** The little-endian scalar, as gostSign takes it. */
  readonly privateKey: Uint8Array
}

export function parseGostPrivateKey(input: Uint8Array | string): GostPrivateKey {
  const der = readDer(input, ["PRIVATE KEY"], NOT_A_KEY)
  let info: pkijs.PrivateKeyInfo
  try {
    info = new pkijs.PrivateKeyInfo({ schema: parseAsn1(der, NOT_A_KEY) })
  } catch {
    throw new PkiInputError(NOT_A_KEY)
  }
  const oid = info.privateKeyAlgorithm.algorithmId
  const bits: GostBits | null = oid === KEY_ALGORITHM.GOST_256 ? 256 : oid === KEY_ALGORITHM.GOST_512 ? 512 : null
  const params = info.privateKeyAlgorithm.algorithmParams
  const set = params instanceof asn1js.Sequence ? params.valueBlock.value[0] : undefined
  if (bits === null || !(set instanceof asn1js.ObjectIdentifier)) throw new PkiInputError(NOT_A_KEY)
  const size = bits / 8
  let raw = new Uint8Array(info.privateKey.valueBlock.valueHexView)
  if (raw.length !== size) {
    const inner = asn1js.fromBER(raw).result
    if (inner instanceof asn1js.OctetString) raw = new Uint8Array(inner.valueBlock.valueHexView)
    else if (inner instanceof asn1js.Integer) {
      let be = new Uint8Array(inner.valueBlock.valueHexView)
      while (be.length > size && be[0] === 0) be = be.subarray(1)
      const padded = new Uint8Array(size)
      padded.set(be, size - be.length)
      raw = padded.reverse()
    }
  }
  if (raw.length !== size) throw new PkiInputError(NOT_A_KEY)
  return { bits, curveOid: set.valueBlock.toString(), privateKey: raw }
}
