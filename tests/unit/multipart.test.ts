import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { boundaryOf, type MultipartEvent, MultipartError, readMultipart } from "../../server/lib/form-data.ts"

const BOUNDARY = "----uc-unit-boundary"

interface Part {
  name: string
  filename?: string
  data: Uint8Array
}

function encode(parts: readonly Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [Buffer.from("preamble to ignore\r\n")]
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(p.data), Buffer.from("\r\n"))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\nepilogue`))
  return Buffer.concat(chunks)
}

/** The body as a stream cut at the given offsets. */
function streamOf(body: Buffer, cuts: readonly number[]): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.map((c) => c % (body.length + 1)))].sort((a, b) => a - b)
  const pieces: Buffer[] = []
  let from = 0
  for (const p of [...points, body.length]) {
    if (p > from) pieces.push(body.subarray(from, p))
    from = Math.max(from, p)
  }
  return new ReadableStream({
    pull(controller) {
      const next = pieces.shift()
      if (next) controller.enqueue(new Uint8Array(next))
      else controller.close()
    },
  })
}

/** Large enough for every generated field: the cap itself has its own test. */
const FIELD_MAX = 10_000

async function collect(stream: ReadableStream<Uint8Array>, boundary = BOUNDARY, fieldMaxBytes = FIELD_MAX): Promise<Part[]> {
  const out: Part[] = []
  let bytes: Buffer[] = []
  let current: { name: string; filename: string | null } | null = null
  for await (const e of readMultipart(stream, `multipart/form-data; boundary=${boundary}`, { fieldMaxBytes }) as AsyncGenerator<MultipartEvent>) {
    if (e.kind === "part") {
      current = { name: e.headers.name, filename: e.headers.filename }
      bytes = []
    } else if (e.kind === "data") bytes.push(Buffer.from(e.chunk))
    else {
      out.push({ name: current!.name, ...(current!.filename !== null ? { filename: current!.filename } : {}), data: new Uint8Array(Buffer.concat(bytes)) })
    }
  }
  return out
}

describe("readMultipart (busboy)", () => {
  it("reads any parts, however the body is cut into chunks, even when the data holds CRLFs and near-boundaries", async () => {
    const tricky = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.constantFrom(`\r\n--${BOUNDARY.slice(0, 10)}`, `\r\n--${BOUNDARY}`.slice(0, -1), "\r\n\r\n", "--", "\r").map((s) => new Uint8Array(Buffer.from(s))),
    )
    const part = fc.record({
      name: fc.constantFrom("file", "slug", "имя"),
      filename: fc.option(fc.constantFrom("a.pdf", "Отчёт.txt", "x y.png"), { nil: undefined }),
      // A sender picks a boundary its data does not hold: data with the whole delimiter is no valid body.
      data: fc
        .array(tricky, { maxLength: 4 })
        .map((list) => new Uint8Array(Buffer.concat(list.map((u) => Buffer.from(u)))))
        .filter((d) => !Buffer.from(d).includes(`\r\n--${BOUNDARY}`)),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 12 }), async (parts, cuts) => {
        const clean = parts.map((p) => (p.filename === undefined ? { name: p.name, data: p.data } : p))
        // A plain field is text: busboy gives it decoded as UTF-8 (as receiveForm read it before), a file its bytes.
        const asRead = clean.map((p) => (!("filename" in p) ? { ...p, data: new Uint8Array(Buffer.from(Buffer.from(p.data).toString("utf8"))) } : p))
        expect(await collect(streamOf(encode(clean), cuts))).toEqual(asRead)
      }),
      { numRuns: 500 },
    )
  })

  it("refuses a body cut before the closing boundary, and a part without a name", async () => {
    const body = encode([{ name: "file", filename: "a.txt", data: new Uint8Array(Buffer.from("text")) }])
    await expect(collect(streamOf(body.subarray(0, body.length - 20), []))).rejects.toBeInstanceOf(MultipartError)
    const nameless = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`)
    await expect(collect(streamOf(nameless, []))).rejects.toBeInstanceOf(MultipartError)
  })

  it("refuses more than 20 parts, and keeps at most one byte past a field's cap", async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, data: new Uint8Array(Buffer.from("x")) }))
    await expect(collect(streamOf(encode(many), []))).rejects.toBeInstanceOf(MultipartError)
    const long = encode([{ name: "slug", data: new Uint8Array(Buffer.from("я".repeat(5000))) }])
    const [field] = await collect(streamOf(long, [100, 4000]), BOUNDARY, 1000)
    expect(field!.data.byteLength).toBeGreaterThan(1000)
    expect(field!.data.byteLength).toBeLessThanOrEqual(1003)
  })

  it("reads RFC 5987 names and browsers' escaped quotes", async () => {
    const body = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a%22b.txt"; filename*=UTF-8''%D0%BE%D1%82%D1%87%D1%91%D1%82.txt\r\n\r\nx\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="doc"; filename="say %22hi%22.txt"\r\n\r\ny\r\n--${BOUNDARY}--\r\n`,
    )
    const parts = await collect(streamOf(body, [7, 70]))
    expect(parts.map((p) => p.filename)).toEqual(["отчёт.txt", 'say "hi".txt'])
  })

  it("finds the boundary of a multipart/form-data content type only", () => {
    expect(boundaryOf("multipart/form-data; boundary=abc")).toBe("abc")
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe("a b:c")
    expect(boundaryOf("application/json")).toBeNull()
    expect(boundaryOf("multipart/form-data")).toBeNull()
    expect(boundaryOf(undefined)).toBeNull()
  })
})
