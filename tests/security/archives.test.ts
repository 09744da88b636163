import { readFileSync } from "node:fs"
import { crc32, deflateRawSync } from "node:zlib"
import { beforeAll, describe, expect, it } from "vitest"
import { serverWithAdmin } from "../api/helpers.ts"
import { keepTrustList } from "../support/trust-list.ts"
import { multipart, postMultipart } from "../api/multipart.ts"

/**
 * ZIP bombs sent to the trust list's upload (`POST /api/v2/crm/trust_roots/upload/`, an
 * administrator's multipart `file`), built here byte by byte. The server runs in this process, so its
 * memory is this process's: each attack notes the growth of the resident set and of ArrayBuffers and
 * the time it took. Every one gets 422 with a Russian message and costs no more than the real
 * decompressed bytes the upload is allowed (ZIP_MAX_BYTES).
 */
const api = serverWithAdmin()
keepTrustList(api)

const MiB = 1024 * 1024
const ROOT_PEM = `-----BEGIN CERTIFICATE-----\n${readFileSync("tests/fixtures/pki/rsa-ca.cer").toString("base64")}\n-----END CERTIFICATE-----\n`

interface Entry {
  readonly name: string
  /** Where the entry's local header starts. */
  readonly offset: number
  readonly crc: number
  readonly compressed: number
  /** What the central directory declares (an attacker may lie). */
  readonly size: number
}

const u16 = (n: number) => Buffer.from([n & 0xff, (n >>> 8) & 0xff])
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n >>> 0)
  return b
}

function localHeader(name: string, crc: number, compressed: number, size: number): Buffer {
  const n = Buffer.from(name)
  return Buffer.concat([u32(0x04034b50), u16(20), u16(0), u16(8), u16(0), u16(0x21), u32(crc), u32(compressed), u32(size), u16(n.length), u16(0), n])
}

/** The central directory of `entries` and its end record, after `body` (the local headers and data). */
function withDirectory(body: Buffer, entries: readonly Entry[]): Buffer {
  const records = entries.map((e) => {
    const n = Buffer.from(e.name)
    return Buffer.concat([u32(0x02014b50), u16(20), u16(20), u16(0), u16(8), u16(0), u16(0x21), u32(e.crc), u32(e.compressed), u32(e.size), u16(n.length), u16(0), u16(0), u16(0), u16(0), u32(0), u32(e.offset), n])
  })
  const directory = Buffer.concat(records)
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(directory.length), u32(body.length), u16(0)])
  return Buffer.concat([body, directory, end])
}

/**
 * One deflated kernel, one local header, and `count` central directory entries that all point at it
 * (the same bytes read `count` times), each declaring `declared` bytes: with a small lie the sum of
 * declared sizes stays under any cap on it.
 */
function sharedKernelBomb(kernelBytes: number, count: number, declared: number): Buffer {
  const plain = Buffer.alloc(kernelBytes)
  const kernel = deflateRawSync(plain, { level: 9 })
  const crc = crc32(plain)
  const body = Buffer.concat([localHeader("root-0.cer", crc, kernel.length, declared), kernel])
  return withDirectory(
    body,
    Array.from({ length: count }, (_, i) => ({ name: `root-${i}.cer`, offset: 0, crc, compressed: kernel.length, size: declared })),
  )
}

/** `count` entries of their own (nothing shared), each inflating to `kernelBytes` while declaring `declared`. */
function lyingEntries(kernelBytes: number, count: number, declared: number): Buffer {
  const plain = Buffer.alloc(kernelBytes)
  const kernel = deflateRawSync(plain, { level: 9 })
  const crc = crc32(plain)
  const parts: Buffer[] = []
  const entries: Entry[] = []
  let offset = 0
  for (let i = 0; i < count; i++) {
    const head = localHeader(`root-${i}.cer`, crc, kernel.length, declared)
    entries.push({ name: `root-${i}.cer`, offset, crc, compressed: kernel.length, size: declared })
    parts.push(head, kernel)
    offset += head.length + kernel.length
  }
  return withDirectory(Buffer.concat(parts), entries)
}

/**
 * David Fifield's "better zip bomb" (overlapping local headers): every entry's deflate data is a stored
 * block quoting the next entry's local header, then that entry's own data, down to one shared kernel.
 * Sizes and CRCs are honest, so a reader that checks each entry's declared size finds nothing wrong;
 * only the overlap of entries betrays it.
 */
function overlappingBomb(content: Buffer, count: number): Buffer {
  const kernel = deflateRawSync(content, { level: 9 })
  const names = Array.from({ length: count }, (_, i) => `root-${String(i).padStart(3, "0")}.cer`)
  // From the last entry back: its data, its uncompressed parts (for the CRC), its local header.
  let data = kernel
  let parts: Buffer[] = [content]
  const crcOf = (bufs: readonly Buffer[]) => bufs.reduce((crc, b) => crc32(b, crc), 0)
  const sizeOf = (bufs: readonly Buffer[]) => bufs.reduce((n, b) => n + b.length, 0)
  const heads: Buffer[] = []
  const meta: Array<Omit<Entry, "offset">> = []
  for (let i = count - 1; i >= 0; i--) {
    const crc = crcOf(parts)
    const size = sizeOf(parts)
    meta[i] = { name: names[i]!, crc, compressed: data.length, size }
    const head = localHeader(names[i]!, crc, data.length, size)
    heads[i] = head
    if (i === 0) break
    // The previous entry quotes this header in a non-final stored block, then continues into this data.
    const quote = Buffer.concat([Buffer.from([0x00]), u16(head.length), u16(~head.length & 0xffff)])
    data = Buffer.concat([quote, head, data])
    parts = [head, ...parts]
  }
  const body = Buffer.concat([heads[0]!, data])
  let offset = 0
  const entries = meta.map((m, i) => {
    const entry = { ...m, offset }
    offset += heads[i]!.length + 5
    return entry
  })
  return withDirectory(body, entries)
}

interface Measured {
  status: number
  body: { errors?: Record<string, string[]>; meta?: { count: number } }
  ms: number
  rssMiB: number
  arrayBuffersMiB: number
  maxRssMiB: number
}

/** Uploads `zip` as the trust list and measures what it cost this process (the server's). */
async function attack(label: string, zip: Buffer): Promise<Measured> {
  const token = api.adminToken
  const { body, contentType } = multipart([{ name: "file", filename: "roots.zip", contentType: "application/zip", data: zip }])
  const before = process.memoryUsage()
  const maxBefore = process.resourceUsage().maxRSS
  const started = performance.now()
  const answer = await postMultipart<Measured["body"]>(`${api.url}/api/v2/crm/trust_roots/upload/`, token, body, contentType)
  const ms = Math.round(performance.now() - started)
  const after = process.memoryUsage()
  const result = {
    status: answer.status,
    body: answer.body,
    ms,
    rssMiB: Math.round((after.rss - before.rss) / MiB),
    arrayBuffersMiB: Math.round((after.arrayBuffers - before.arrayBuffers) / MiB),
    maxRssMiB: Math.round((process.resourceUsage().maxRSS - maxBefore) / 1024),
  }
  console.log(`archives: ${label}: ${(zip.length / 1024).toFixed(1)} KB → ${JSON.stringify(result)}`)
  return result
}

const refused = (m: Measured) => {
  expect(m.status, JSON.stringify(m.body)).toBe(422)
  expect(m.body.errors?.file?.[0]).toMatch(/[а-яё]/i)
}

describe("ZIP bombs on the trust list upload", () => {
  // Archives are read on a worker thread, started by its first task: an honest archive without a
  // certificate (422, the list unchanged) starts it, so its modules' memory is not counted as an attack's.
  beforeAll(async () => {
    const { body, contentType } = multipart([{ name: "file", filename: "empty.zip", contentType: "application/zip", data: lyingEntries(16, 1, 16) }])
    expect((await postMultipart(`${api.url}/api/v2/crm/trust_roots/upload/`, api.adminToken, body, contentType)).status).toBe(422)
  })

  it("a 61 KB archive whose entries all share one deflated kernel (sizes declared small) is refused before it is inflated", async () => {
    const zip = sharedKernelBomb(64 * MiB - 64 * 1024, 7, 1024)
    expect(zip.length).toBeLessThan(70 * 1024)
    const m = await attack("shared kernel, 7 entries", zip)
    refused(m)
    expect(m.body.errors!.file![0]).toMatch(/пересека/)
    expect(m.rssMiB).toBeLessThan(64)
    expect(m.arrayBuffersMiB).toBeLessThan(64)
  })

  it("entries of their own that inflate far past the size they declare stop at that size", async () => {
    const m = await attack("7 lying entries", lyingEntries(64 * MiB - 64 * 1024, 7, 1024))
    refused(m)
    expect(m.rssMiB).toBeLessThan(64)
    expect(m.arrayBuffersMiB).toBeLessThan(64)
  })

  it("Fifield's overlapping local headers (honest sizes and CRCs) are refused", async () => {
    const m = await attack("overlapping headers, 60 × 1 MiB", overlappingBomb(Buffer.alloc(MiB), 60))
    refused(m)
    expect(m.body.errors!.file![0]).toMatch(/пересека/)
    expect(m.rssMiB).toBeLessThan(64)
  })

  it("an overlapping archive whose kernel is a real root certificate is refused, not taken into the trust list", async () => {
    const m = await attack("overlapping headers around a PEM", overlappingBomb(Buffer.from(ROOT_PEM), 5))
    refused(m)
    expect(m.body.errors!.file![0]).toMatch(/пересека/)
  })

  it("honest entries whose real sizes add up past the cap are refused before any is read", async () => {
    const plain = Buffer.alloc(40 * MiB)
    const kernel = deflateRawSync(plain, { level: 9 })
    const crc = crc32(plain)
    const first = localHeader("a.cer", crc, kernel.length, plain.length)
    const second = localHeader("b.cer", crc, kernel.length, plain.length)
    const zip = withDirectory(Buffer.concat([first, kernel, second, kernel]), [
      { name: "a.cer", offset: 0, crc, compressed: kernel.length, size: plain.length },
      { name: "b.cer", offset: first.length + kernel.length, crc, compressed: kernel.length, size: plain.length },
    ])
    const m = await attack("2 × 40 MiB, honest", zip)
    refused(m)
    expect(m.rssMiB).toBeLessThan(64)
  })

  it("more entries than a trust list has are refused", async () => {
    const pem = Buffer.from(ROOT_PEM)
    const kernel = deflateRawSync(pem)
    const crc = crc32(pem)
    const parts: Buffer[] = []
    const entries: Entry[] = []
    let offset = 0
    for (let i = 0; i < 10_001; i++) {
      const head = localHeader(`r${i}.cer`, crc, kernel.length, pem.length)
      entries.push({ name: `r${i}.cer`, offset, crc, compressed: kernel.length, size: pem.length })
      parts.push(head, kernel)
      offset += head.length + kernel.length
    }
    refused(await attack("10,001 entries", withDirectory(Buffer.concat(parts), entries)))
  })

  it("a well-formed ZIP of roots is still read", async () => {
    const m = await attack("roots.zip", readFileSync("tests/fixtures/validation/roots.zip"))
    expect([m.status, m.body.meta?.count]).toEqual([200, 2])
  })
})
