import * as asn1js from "asn1js"

/**
 * Names as encoded, for comparing an issuer with what names it byte for byte (RFC 5280 7.1 allows
 * more, but an exact encoding is always the same name).
 */

const sequence = (der: Uint8Array) => (asn1js.fromBER(der).result as asn1js.Sequence).valueBlock.value

/** A certificate's subject, as encoded in it. */
export function subjectDer(certificateDer: Uint8Array): Uint8Array {
  const tbs = (sequence(certificateDer)[0] as asn1js.Sequence).valueBlock.value
  const subjectAt = tbs[0]?.idBlock.tagClass === 3 ? 5 : 4
  return new Uint8Array((tbs[subjectAt] as asn1js.Sequence).valueBeforeDecodeView)
}

/** A CRL's issuer, as encoded in it (after the optional version and the signature algorithm). */
export function crlIssuerDer(crlDer: Uint8Array): Uint8Array | null {
  const tbs = (sequence(crlDer)[0] as asn1js.Sequence | undefined)?.valueBlock.value
  if (!tbs) return null
  const issuerAt = tbs[0] instanceof asn1js.Integer ? 2 : 1
  const issuer = tbs[issuerAt]
  return issuer ? new Uint8Array(issuer.valueBeforeDecodeView) : null
}

export const sameBytes = (a: Uint8Array | null, b: Uint8Array | null) => a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i])
