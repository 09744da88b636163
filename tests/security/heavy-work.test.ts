import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import * as pkijs from "pkijs"
import { beforeAll, describe, expect, it } from "vitest"
import { SVS_FILE_MAX_BYTES, SVS_HEAVY_RATE_MAX } from "../../schemas/constants.ts"
import { CMS_CERTIFICATES_MAX, CMS_SIGNERS_MAX, signCms } from "../../server/services/pki/cms.ts"
import { parseGostPrivateKey } from "../../server/services/pki/private-key.ts"
import { expectNoLeak, serverWithAdmin } from "../api/helpers.ts"
import { type FilePart, inPieces, multipart } from "../api/multipart.ts"

/**
 * Heavy work sent to the public signature check (`POST /api/v1/svs/signatures/validate/`), as an
 * attacker's script sends it: large documents with real detached GOST signatures, several at once, a
 * signature with many signers. The server runs in this process, so a main thread busy hashing would
 * stop this file's /healthz polling too: the worst gap between its answers is the figure. One worker
 * thread and one waiting place (WORKER_THREADS=1, WORKER_QUEUE_MAX=1) make a full queue easy to reach;
 * each attack comes from its own address (TRUST_PROXY=1, X-Forwarded-For) so the limits of one do not
 * meet another's.
 */
const api = serverWithAdmin({ env: { TRUST_PROXY: "1", WORKER_THREADS: "1", WORKER_QUEUE_MAX: "1" } })

const FIX = "tests/fixtures/pki/"
const MB = 1_000_000
const signer = { certificate: readFileSync(`${FIX}director-romashka.cer`), ...parseGostPrivateKey(readFileSync(`${FIX}director-romashka.key`, "utf8")) }
/** A document of `bytes` random bytes and its detached GOST 2012-256 signature (CAdES-BES, the demo director's). */
const signedDocument = (bytes: number, head = "") => {
  const document = Buffer.concat([Buffer.from(head, "latin1"), randomBytes(bytes - head.length)])
  return { document, signature: Buffer.from(signCms(document, signer, { detached: true })) }
}
const pem = (der: Uint8Array) => `-----BEGIN CMS-----\n${Buffer.from(der).toString("base64").match(/.{1,64}/g)!.join("\n")}\n-----END CMS-----\n`

let address = 0
/** A fresh client address for one attack (the balancer's X-Forwarded-For). */
const newAddress = () => `198.51.100.${++address}`

interface Sent {
  readonly status: number
  readonly headers: Headers
  readonly body: { valid?: boolean; verdict?: string; message?: string; error?: string; errors?: Record<string, string[]> }
  readonly ms: number
}

/** The multipart body of a check, built before it is timed (the test's own copying is not the server's). */
function form(signature: Buffer | string, document?: Buffer): { body: Buffer; contentType: string } {
  const parts: FilePart[] = [{ name: "signature", filename: "document.sig", data: signature }]
  if (document) parts.push({ name: "document", filename: "document.pdf", data: document })
  return multipart(parts)
}


async function send(from: string, { body, contentType }: { body: Buffer; contentType: string }): Promise<Sent> {
  const started = performance.now()
  const init = { method: "POST", headers: { "content-type": contentType, "x-forwarded-for": from }, body: inPieces(body), duplex: "half" }
  const res = await fetch(`${api.url}/api/v1/svs/signatures/validate/`, init as RequestInit)
  const text = await res.text()
  expectNoLeak(text)
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Sent["body"], ms: Math.round(performance.now() - started) }
}

const check = (from: string, signature: Buffer | string, document?: Buffer) => send(from, form(signature, document))

/**
 * GET /healthz every ~20 ms until `work` settles: the longest time between two answers (the first
 * measured from the start), and how many answered.
 */
async function whilePolling<T>(work: () => Promise<T>): Promise<{ result: T; worstGapMs: number; answers: number }> {
  let done = false
  let last = performance.now()
  let worst = 0
  let answers = 0
  const poller = (async () => {
    while (!done) {
      const res = await fetch(`${api.url}/healthz`)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
      const at = performance.now()
      worst = Math.max(worst, at - last)
      last = at
      answers++
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const result = await work()
  done = true
  await poller
  worst = Math.max(worst, performance.now() - last)
  return { result, worstGapMs: Math.round(worst), answers }
}

const figure = (attack: string, data: unknown) => console.log(`[heavy-work] ${attack}: ${JSON.stringify(data)}`)

/** The largest document a check takes, just under SVS_FILE_MAX_BYTES: the most hashing one request may ask for. */
let largest: ReturnType<typeof signedDocument>
beforeAll(() => {
  largest = signedDocument(SVS_FILE_MAX_BYTES - 100_000, "%PDF-1.7\n")
})

describe("the event loop keeps answering while documents are hashed", () => {
  it("a 14.9 MB document with its detached GOST signature: valid, and /healthz never waits 500 ms", async () => {
    const request = form(largest.signature, largest.document)
    const { result, worstGapMs, answers } = await whilePolling(() => send(newAddress(), request))
    figure("14.9 MB document, detached GOST 2012-256", { status: result.status, ms: result.ms, worstGapMs, healthzAnswers: answers })
    expect([result.status, result.body.valid, result.body.verdict]).toEqual([200, true, "Подпись действительна"])
    expect(worstGapMs).toBeLessThan(500)
  })

  it("a 29 MB document (the attack's) is refused as it arrives, before anything is hashed", async () => {
    const attack = signedDocument(29 * MB, "%PDF-1.7\n")
    const request = form(attack.signature, attack.document)
    const { result, worstGapMs } = await whilePolling(() => send(newAddress(), request))
    figure("29 MB document, detached GOST 2012-256", { status: result.status, ms: result.ms, worstGapMs })
    expect([result.status, result.body]).toEqual([422, { errors: { document: ["Размер файла для проверки не должен превышать 15 Мб"] } }])
    expect(worstGapMs).toBeLessThan(500)
  })

  it("a 10 MB signed PDF still fits, even inside an attached signature sent as Base64 text", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(10 * 1024 * 1024)])
    const attached = pem(signCms(pdf, signer, { detached: false }))
    expect(attached.length).toBeGreaterThan(14 * MB)
    expect(attached.length).toBeLessThan(SVS_FILE_MAX_BYTES)
    const a = await check(newAddress(), attached)
    figure("10 MiB PDF in an attached signature, PEM", { bytes: attached.length, status: a.status, ms: a.ms })
    expect([a.status, a.body.valid]).toEqual([200, true])
  })
})

describe("a full queue is answered at once", () => {
  it("6 of the largest checks at once on one thread with one waiting place: 503 with Retry-After and a Russian message for the rest, no hang", async () => {
    const started = performance.now()
    const request = form(largest.signature, largest.document)
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(newAddress(), request)))
    const statuses = answers.map((a) => a.status)
    figure("6 concurrent 14.9 MB checks, 1 thread + 1 waiting", { statuses, ms: Math.round(performance.now() - started), refusedMs: answers.filter((a) => a.status === 503).map((a) => a.ms) })
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2)
    const refused = answers.filter((a) => a.status === 503)
    expect(refused.length).toBeGreaterThanOrEqual(1)
    for (const a of refused) {
      expect(a.headers.get("retry-after")).toBe("10")
      expect(a.body).toEqual({ message: "Сейчас проверяется слишком много подписей. Повторите попытку через несколько секунд." })
    }
    for (const a of answers.filter((x) => x.status === 200)) expect(a.body.valid).toBe(true)
  })
})

describe("what one check may ask for", () => {
  /** A real CAdES-BES of the small document, its signer repeated `signers` times and its certificate `certificates` times. */
  function repeated(signers: number, certificates: number): Buffer {
    const der = signCms(readFileSync(`${FIX}cms/document.txt`), signer, { detached: true })
    const info = pkijs.ContentInfo.fromBER(new Uint8Array(der))
    const signed = new pkijs.SignedData({ schema: info.content })
    signed.signerInfos = Array.from({ length: signers }, () => signed.signerInfos[0]!)
    signed.certificates = Array.from({ length: certificates }, () => signed.certificates![0]!)
    const out = new pkijs.ContentInfo({ contentType: info.contentType, content: signed.toSchema(true) })
    return Buffer.from(out.toSchema().toBER())
  }
  const document = readFileSync(`${FIX}cms/document.txt`)

  it(`a signature of ${CMS_SIGNERS_MAX + 1} signers (one signer repeated) is refused before any is checked; ${CMS_SIGNERS_MAX} are checked`, async () => {
    const over = await check(newAddress(), repeated(CMS_SIGNERS_MAX + 1, 1), document)
    figure(`${CMS_SIGNERS_MAX + 1} signers`, { status: over.status, ms: over.ms, body: over.body })
    expect([over.status, over.body]).toEqual([422, { errors: { signature: [`Подпись не принята: в ней больше ${CMS_SIGNERS_MAX} подписантов`] } }])
    const most = await check(newAddress(), repeated(CMS_SIGNERS_MAX, 1), document)
    expect([most.status, most.body.valid, most.body.verdict]).toEqual([200, true, `Все подписи действительны (${CMS_SIGNERS_MAX})`])
  })

  it(`a signature carrying ${CMS_CERTIFICATES_MAX + 1} certificates is refused`, async () => {
    const a = await check(newAddress(), repeated(1, CMS_CERTIFICATES_MAX + 1), document)
    expect([a.status, a.body]).toEqual([422, { errors: { signature: [`Подпись не принята: в ней больше ${CMS_CERTIFICATES_MAX} сертификатов`] } }])
  })

  it(`${SVS_HEAVY_RATE_MAX + 1} checks of a 1 MB document from one address: ${SVS_HEAVY_RATE_MAX} answered, then 429; small checks from it still go`, async () => {
    const from = newAddress()
    const signature = readFileSync(`${FIX}cms/gost256-1mb-detached.p7s`)
    const big = readFileSync(`${FIX}cms/document-1mb.bin`)
    const statuses: number[] = []
    for (let i = 0; i <= SVS_HEAVY_RATE_MAX; i++) statuses.push((await check(from, signature, big)).status)
    const counts = statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {})
    figure(`${SVS_HEAVY_RATE_MAX + 1} checks of a 1 MB document from one address`, counts)
    expect(counts).toEqual({ 200: SVS_HEAVY_RATE_MAX, 429: 1 })
    const small = await check(from, readFileSync(`${FIX}cms/gost256-detached.p7s`), document)
    expect([small.status, small.body.valid]).toEqual([200, true])
  })
})
