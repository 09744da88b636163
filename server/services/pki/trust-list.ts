import { fromBufferPromise, type Entry, type ZipFile } from "yauzl"
import { validationMessages as t } from "../../../schemas/messages/validation.ts"
import { xmlShapeProblem } from "../../lib/xml-guard.ts"
import { parseCertificate } from "./certificate.ts"
import { type CertificateInfo, PkiInputError } from "./types.ts"

/**
 * The certificates of a trust list staff upload (the CRM's 'Доверенные корневые сертификаты'): a PEM
 * bundle, one certificate (DER, PEM or Base64: .cer/.crt), a ZIP of such files, or the Минцифры TSL
 * (TSL.xml of e-trust.gosuslugi.ru, whose <Данные> elements hold each CA's certificates in Base64).
 * Every certificate is parsed; a list without any is PkiInputError (422).
 */

/** What a ZIP may unpack to, all files together (the bytes really inflated, not what it declares). */
export const ZIP_MAX_BYTES = 64 * 1024 * 1024
export const ZIP_MAX_ENTRIES = 10_000

const PEM_BLOCK = /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----[\s\S]*?-----END (?:X509 |TRUSTED )?CERTIFICATE-----/g
/** TSL.xml: <Данные>base64</Данные> (also the X509Certificate of other XML trust lists). */
const XML_CERT = /<(?:Данные|(?:\w+:)?X509Certificate)>\s*([A-Za-z0-9+/=\s]{100,}?)\s*<\/(?:Данные|(?:\w+:)?X509Certificate)>/g

const isZip = (b: Uint8Array) => b.length > 22 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04

/** A ZIP's refusal: PkiInputError as it is, anything yauzl or zlib threw (a broken or lying archive) as 'damaged'. */
const zipError = (error: unknown) => (error instanceof PkiInputError ? error : new PkiInputError(t.input.zipBroken))

/**
 * The files of a ZIP (stored or deflated entries; directories, encrypted entries and other methods
 * skipped), read with yauzl, which stops an entry that inflates past the size it declares. Before a
 * byte is inflated: at most ZIP_MAX_ENTRIES entries, their declared sizes at most ZIP_MAX_BYTES
 * together, and no two entries sharing bytes (the "better zip bomb" of overlapping local headers
 * reads one small kernel many times over). While reading, the bytes really inflated are counted
 * against the same cap. Each refusal is a PkiInputError (422).
 */
export async function unzip(bytes: Uint8Array, limits: { maxBytes: number; maxEntries: number } = { maxBytes: ZIP_MAX_BYTES, maxEntries: ZIP_MAX_ENTRIES }): Promise<Uint8Array[]> {
  let zip: ZipFile
  try {
    zip = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { lazyEntries: true, validateEntrySizes: true, strictFileNames: false })
  } catch (error) {
    throw zipError(error)
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw new PkiInputError(t.input.zipTooManyFiles(limits.maxEntries))
    const entries: Entry[] = []
    for await (const entry of zip.eachEntry()) {
      if (!entry.fileName.endsWith("/") && entry.canDecodeFileData() && (entry.compressionMethod === 0 || entry.compressionMethod === 8)) entries.push(entry)
    }
    const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0)
    if (declared > limits.maxBytes) throw new PkiInputError(t.input.zipTooLarge(Math.round(limits.maxBytes / 1024 / 1024)))
    await refuseOverlaps(zip, entries)
    const files: Uint8Array[] = []
    let total = 0
    for (const entry of entries) {
      const stream = await zip.openReadStreamPromise(entry)
      const chunks: Buffer[] = []
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length
        if (total > limits.maxBytes) {
          stream.destroy()
          throw new PkiInputError(t.input.zipTooLarge(Math.round(limits.maxBytes / 1024 / 1024)))
        }
        chunks.push(chunk)
      }
      files.push(new Uint8Array(Buffer.concat(chunks)))
    }
    return files
  } catch (error) {
    throw zipError(error)
  } finally {
    zip.close()
  }
}

/**
 * Each entry's bytes (its local header through its compressed data) must lie apart from every other
 * entry's. Sorted by where their local headers start, an entry must begin at or after the end of the
 * one before it.
 */
async function refuseOverlaps(zip: ZipFile, entries: readonly Entry[]): Promise<void> {
  const spans: Array<{ start: number; end: number }> = []
  for (const entry of entries) {
    const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true })
    spans.push({ start: entry.relativeOffsetOfLocalHeader, end: fileDataStart + entry.compressedSize })
  }
  spans.sort((a, b) => a.start - b.start)
  for (let i = 1; i < spans.length; i++) if (spans[i]!.start < spans[i - 1]!.end) throw new PkiInputError(t.input.zipOverlap)
}

async function certificatesOf(bytes: Uint8Array, depth: number): Promise<CertificateInfo[]> {
  if (isZip(bytes)) return depth > 0 ? [] : (await Promise.all((await unzip(bytes)).map((file) => certificatesOf(file, depth + 1)))).flat()
  // DER starts with a SEQUENCE; anything else is read as text (PEM, Base64, XML).
  if (bytes[0] !== 0x30) {
    const text = new TextDecoder("utf-8").decode(bytes)
    const pems = text.match(PEM_BLOCK)
    if (pems) return pems.flatMap((pem) => tryParse(pem))
    // A TSL is read by pattern, not parsed; one too deep or with prototype names is refused all the same.
    const shape = /^\uFEFF?\s*</.test(text) ? xmlShapeProblem(text) : null
    if (shape) throw new PkiInputError(shape)
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
export async function certificatesOfList(bytes: Uint8Array): Promise<CertificateInfo[]> {
  const seen = new Set<string>()
  const list = (await certificatesOf(bytes, 0)).filter((c) => !seen.has(c.thumbprint) && seen.add(c.thumbprint))
  if (list.length === 0) throw new PkiInputError(t.input.notRootList)
  return list
}
