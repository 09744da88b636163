import { inflateRawSync } from "node:zlib"
import { validationMessages as t } from "../../../schemas/validation-messages.ts"
import { parseCertificate } from "./certificate.ts"
import { type CertificateInfo, PkiInputError } from "./types.ts"

/**
 * The certificates of a trust list staff upload (the CRM's 'Доверенные корневые сертификаты'): a PEM
 * bundle, one certificate (DER, PEM or Base64: .cer/.crt), a ZIP of such files, or the Минцифры TSL
 * (TSL.xml of e-trust.gosuslugi.ru, whose <Данные> elements hold each CA's certificates in Base64).
 * Every certificate is parsed; a list without any is PkiInputError (422).
 */

/** A ZIP may not unpack to more than this (a zip bomb gets 422, not the memory). */
const ZIP_MAX_BYTES = 64 * 1024 * 1024
const ZIP_MAX_ENTRIES = 10_000

const PEM_BLOCK = /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----[\s\S]*?-----END (?:X509 |TRUSTED )?CERTIFICATE-----/g
/** TSL.xml: <Данные>base64</Данные> (also the X509Certificate of other XML trust lists). */
const XML_CERT = /<(?:Данные|(?:\w+:)?X509Certificate)>\s*([A-Za-z0-9+/=\s]{100,}?)\s*<\/(?:Данные|(?:\w+:)?X509Certificate)>/g

const isZip = (b: Uint8Array) => b.length > 22 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04

/** The files of a ZIP by its central directory (stored or deflated entries); PkiInputError when it is not one we can read. */
export function unzip(bytes: Uint8Array): Uint8Array[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  let end = -1
  for (let i = view.length - 22; i >= Math.max(0, view.length - 22 - 65_535); i--) {
    if (view.readUInt32LE(i) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) throw new PkiInputError(t.input.notRootList)
  const count = view.readUInt16LE(end + 10)
  let at = view.readUInt32LE(end + 16)
  if (count > ZIP_MAX_ENTRIES) throw new PkiInputError(t.input.notRootList)
  const files: Uint8Array[] = []
  let total = 0
  for (let n = 0; n < count; n++) {
    if (at + 46 > view.length || view.readUInt32LE(at) !== 0x02014b50) throw new PkiInputError(t.input.notRootList)
    const method = view.readUInt16LE(at + 10)
    const compressed = view.readUInt32LE(at + 20)
    const size = view.readUInt32LE(at + 24)
    const nameLength = view.readUInt16LE(at + 28)
    const next = at + 46 + nameLength + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32)
    const name = view.subarray(at + 46, at + 46 + nameLength).toString("utf8")
    const local = view.readUInt32LE(at + 42)
    at = next
    if (name.endsWith("/")) continue
    if (local + 30 > view.length || view.readUInt32LE(local) !== 0x04034b50) throw new PkiInputError(t.input.notRootList)
    const start = local + 30 + view.readUInt16LE(local + 26) + view.readUInt16LE(local + 28)
    const data = view.subarray(start, start + compressed)
    total += size
    if (total > ZIP_MAX_BYTES) throw new PkiInputError(t.input.notRootList)
    if (method === 0) files.push(new Uint8Array(data))
    else if (method === 8) {
      try {
        files.push(new Uint8Array(inflateRawSync(data, { maxOutputLength: ZIP_MAX_BYTES })))
      } catch {
        throw new PkiInputError(t.input.notRootList)
      }
    }
  }
  return files
}

function certificatesOf(bytes: Uint8Array, depth: number): CertificateInfo[] {
  if (isZip(bytes)) return depth > 0 ? [] : unzip(bytes).flatMap((file) => certificatesOf(file, depth + 1))
  // DER starts with a SEQUENCE; anything else is read as text (PEM, Base64, XML).
  if (bytes[0] !== 0x30) {
    const text = new TextDecoder("utf-8").decode(bytes)
    const pems = text.match(PEM_BLOCK)
    if (pems) return pems.flatMap((pem) => tryParse(pem))
    const xml = [...text.matchAll(XML_CERT)].map((m) => m[1] as string)
    if (xml.length > 0) return xml.flatMap((b64) => tryParse(b64.replace(/\s+/g, "")))
  }
  return tryParse(bytes)
}

function tryParse(input: Uint8Array | string): CertificateInfo[] {
  try {
    return [parseCertificate(input)]
  } catch (error) {
    if (error instanceof PkiInputError) return []
    throw error
  }
}

/** Every certificate of the uploaded list, each once (by thumbprint). */
export function certificatesOfList(bytes: Uint8Array): CertificateInfo[] {
  const seen = new Set<string>()
  const list = certificatesOf(bytes, 0).filter((c) => !seen.has(c.thumbprint) && seen.add(c.thumbprint))
  if (list.length === 0) throw new PkiInputError(t.input.notRootList)
  return list
}
