import { readFileSync } from "node:fs"
import * as asn1js from "asn1js"
import gost from "node-gost-crypto"
import * as pkijs from "pkijs"
import { describe, expect, test } from "vitest"
import { parseCertificate, pkijsOf } from "../../server/services/pki/certificate.ts"
import { GOST_CURVES, GostParamSetError, gostGenerateKey, gostSign, gostVerify, gostVerifyDigest, streebog } from "../../server/services/pki/gost.ts"
import { NOT_A_KEY, parseGostPrivateKey } from "../../server/services/pki/private-key.ts"
import { gostKeyOf } from "../../server/services/pki/signatures.ts"
import { PkiInputError } from "../../server/services/pki/types.ts"

/**
 * GOST R 34.10/34.11-2012 (gost.ts) against OpenSSL's gost engine: raw signatures by `openssl dgst
 * -sign` on every parameter set our customers use, verified with the keys of openssl's certificates;
 * our signatures with openssl's private keys (PKCS#8) verified with those certificates' keys;
 * Streebog against the standard's examples; and the library's TC26 256 paramSetA fault shown.
 */

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/pki/${name}`, import.meta.url)))
const text = (name: string) => readFileSync(new URL(`../fixtures/pki/${name}`, import.meta.url), "utf8")
const document = fixture("cms/document.txt")
const publicKeyOf = (name: string) => gostKeyOf(pkijsOf(parseCertificate(fixture(`${name}.cer`))).subjectPublicKeyInfo)!

const SETS = [
  ["director-romashka", 256, "1.2.643.2.2.35.1"],
  ["gost256-tc26a", 256, "1.2.643.7.1.2.1.1.1"],
  ["gost512-tc26a", 512, "1.2.643.7.1.2.1.2.1"],
  ["gost512-tc26c", 512, "1.2.643.7.1.2.1.2.3"],
] as const

describe("GOST R 34.11-2012 (Streebog)", () => {
  // GOST R 34.11-2012, example 1 (also RFC 6986, 10.1): the 63-byte message '0123456789' repeated.
  const m1 = new TextEncoder().encode("012345678901234567890123456789012345678901234567890123456789012")
  test("the standard's example 1 in both sizes", () => {
    expect(Buffer.from(streebog(512, m1)).toString("hex")).toBe(
      "1b54d01a4af5b9d5cc3d86d68d285462b19abc2475222f35c085122be4ba1ffa00ad30f8767b3a82384c6574f024c311e2a481332b08ef7f41797891c1646f48",
    )
    expect(Buffer.from(streebog(256, m1)).toString("hex")).toBe("9d151eefd8590b89daa6ba6cb74af9275dd051026bb149a452fd84e5e57b5500")
  })
})

describe("GOST R 34.10-2012 against OpenSSL", () => {
  test.each(SETS)("%s: openssl's signature verifies with the certificate's key, and not over a changed document", (name, bits, curveOid) => {
    const key = publicKeyOf(name)
    expect([key.bits, key.curveOid]).toEqual([bits, curveOid])
    const signature = fixture(`raw/${name}.sig`)
    expect(gostVerify(key, signature, document)).toBe(true)
    const changed = document.slice()
    changed[0] = (changed[0] as number) ^ 0x01
    expect(gostVerify(key, signature, changed)).toBe(false)
  })

  test.each(SETS)("%s: openssl's private key (PKCS#8) signs what the certificate's key verifies", (name, bits, curveOid) => {
    const key = parseGostPrivateKey(text(`${name}.key`))
    expect([key.bits, key.curveOid, key.privateKey.length]).toEqual([bits, curveOid, bits / 8])
    const signature = gostSign(key, document)
    expect(signature).toHaveLength(bits / 4)
    expect(gostVerify(publicKeyOf(name), signature, document)).toBe(true)
  })

  test("the library's own curve for TC26 256 paramSetA (CryptoPro-A) fails OpenSSL's signature; ours verifies it", () => {
    const key = publicKeyOf("gost256-tc26a")
    const signature = fixture("raw/gost256-tc26a.sig")
    const hash = { name: "GOST R 34.11", version: 2012, length: 256 } as const
    const library = gost.gostEngine.getGostSign({ name: "GOST R 34.10", version: 2012, length: 256, procreator: "CP", hash, namedCurve: "S-256-A" })
    expect(library.verify(key.publicKey.slice().buffer, signature.slice().buffer, document.slice().buffer)).toBe(false)
    expect(typeof GOST_CURVES["1.2.643.7.1.2.1.1.1"]?.curve).toBe("object")
    expect(gostVerify(key, signature, document)).toBe(true)
  })

  test.each([
    ["256", "1.2.643.2.2.36.0"],
    ["512", "1.2.643.7.1.2.1.2.2"],
  ])("TC26's published CMS SignedData example (%s bits) verifies with the key OpenSSL derived from the published private key", (bits, curveOid) => {
    const spki = new pkijs.PublicKeyInfo({ schema: asn1js.fromBER(fixture(`vectors/tc26-cms-signed-${bits}.spki.der`)).result })
    const key = gostKeyOf(spki)!
    expect(key.curveOid).toBe(curveOid)
    const signed = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(fixture(`vectors/tc26-cms-signed-${bits}.p7`)).content })
    const content = new Uint8Array(signed.encapContentInfo.eContent!.valueBlock.valueHexView)
    expect(new TextDecoder().decode(content)).toBe("Test message")
    const signature = new Uint8Array(signed.signerInfos[0]!.signature.valueBlock.valueHexView)
    expect(gostVerify(key, signature, content)).toBe(true)
    expect(gostVerify(key, signature, new TextEncoder().encode("Test messagf"))).toBe(false)
  })

  test.each(SETS)("%s: OpenSSL's signature verifies against the document's Streebog as against the document (a document hashed once for every signer)", (name, bits) => {
    const key = publicKeyOf(name)
    const signature = fixture(`raw/${name}.sig`)
    expect(gostVerifyDigest(key, signature, streebog(bits, document))).toBe(true)
    const other = streebog(bits, new TextEncoder().encode("another document"))
    expect(gostVerifyDigest(key, signature, other)).toBe(false)
    // A digest of the other size is not this key's.
    expect(gostVerifyDigest(key, signature, streebog(bits === 256 ? 512 : 256, document))).toBe(false)
  })

  test("wrong sizes and unknown parameter sets", () => {
    const key = publicKeyOf("director-romashka")
    expect(gostVerify(key, new Uint8Array(63), document)).toBe(false)
    expect(gostVerify({ ...key, publicKey: key.publicKey.subarray(1) }, fixture("raw/director-romashka.sig"), document)).toBe(false)
    expect(() => gostVerify({ ...key, curveOid: "1.2.3.4" }, fixture("raw/director-romashka.sig"), document)).toThrow(GostParamSetError)
    const fresh = gostGenerateKey({ bits: 512, curveOid: "1.2.643.7.1.2.1.2.3" })
    const signature = gostSign({ bits: 512, curveOid: "1.2.643.7.1.2.1.2.3", privateKey: fresh.privateKey }, document)
    expect(gostVerify({ bits: 512, curveOid: "1.2.643.7.1.2.1.2.3", publicKey: fresh.publicKey }, signature, document)).toBe(true)
  })

  test("older engines' PKCS#8 forms (the scalar as a nested OCTET STRING, or as a big-endian INTEGER) give the same key", () => {
    const key = parseGostPrivateKey(text("director-romashka.key"))
    const info = pkijs.PrivateKeyInfo.fromBER(new Uint8Array(Buffer.from(text("director-romashka.key").replace(/-----[^-]+-----|\s/g, ""), "base64")))
    const rewrap = (inner: asn1js.BaseBlock) => {
      info.privateKey = new asn1js.OctetString({ valueHex: inner.toBER() })
      return new Uint8Array(info.toSchema().toBER())
    }
    const nested = rewrap(new asn1js.OctetString({ valueHex: key.privateKey }))
    const integer = rewrap(new asn1js.Integer({ valueHex: new Uint8Array([0, ...key.privateKey.slice().reverse()]) }))
    for (const der of [nested, integer]) expect(parseGostPrivateKey(der)).toEqual(key)
  })

  test("what is not a GOST private key is a PkiInputError", () => {
    for (const input of [text("rsa-leaf.key"), text("garbage.txt"), fixture("garbage.bin"), text("director-romashka.cer")]) {
      expect(() => parseGostPrivateKey(input)).toThrow(PkiInputError)
      expect(() => parseGostPrivateKey(input)).toThrow(NOT_A_KEY)
    }
  })
})
