import { Agent, request } from "node:http"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import type { Kind, LoadStats } from "./load-stats.ts"

/** A request that has not answered in this time counts as an error (a timeout). */
const TIMEOUT_MS = 15_000

export interface Answer {
  readonly status: number
  /** The body, decompressed when it is read (most answers are not: the generator's CPU is the server's neighbour). */
  text(): string
}

/**
 * One virtual user's HTTP client: its own keep-alive connection (as a browser keeps one), its own
 * client address in X-Forwarded-For (the server runs with TRUST_PROXY=1), and a tally of each answer:
 * the expected statuses are fine, a 429 is counted apart, anything else (5xx, another 4xx, a network
 * error, a timeout) is an error. Answers the status and body, or null when it failed.
 */
export class VuClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 })
  token: string | undefined

  constructor(
    private readonly origin: URL,
    readonly address: string,
    private readonly stats: LoadStats,
  ) {}

  async send(kind: Kind, method: string, path: string, options: { json?: unknown; expect?: readonly number[]; auth?: boolean } = {}): Promise<Answer | null> {
    const expect = options.expect ?? [200]
    const started = performance.now()
    const elapsed = () => performance.now() - started
    try {
      const answer = await this.exchange(method, path, options.json, options.auth ? this.token : undefined)
      if (expect.includes(answer.status)) {
        this.stats.ok(kind, elapsed())
        return answer
      }
      if (answer.status === 429) this.stats.limited(kind, elapsed())
      else this.stats.error(kind, elapsed(), `${method} ${path} → ${answer.status} ${answer.text().slice(0, 160)}`)
    } catch (err) {
      this.stats.error(kind, elapsed(), `${method} ${path} → ${err instanceof Error ? err.message : String(err)}`)
    }
    return null
  }

  close(): void {
    this.agent.destroy()
  }

  private exchange(method: string, path: string, json: unknown, token: string | undefined): Promise<Answer> {
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json))
    const headers: Record<string, string | number> = {
      "x-forwarded-for": this.address,
      "accept-language": "ru",
      // As a browser asks: the server may answer compressed (read back below).
      "accept-encoding": "gzip, br",
      "user-agent": "uc-load/1",
    }
    if (body) Object.assign(headers, { "content-type": "application/json", "content-length": body.length })
    if (token) headers.authorization = `Bearer ${token}`
    return new Promise((resolve, reject) => {
      const req = request({ host: this.origin.hostname, port: this.origin.port, method, path, headers, agent: this.agent, timeout: TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = []
        res.on("data", (c: Buffer) => chunks.push(c))
        res.on("end", () => {
          const body = Buffer.concat(chunks)
          resolve({ status: res.statusCode ?? 0, text: () => decode(body, res.headers["content-encoding"]).toString("utf8") })
        })
        res.on("error", reject)
      })
      req.on("timeout", () => req.destroy(new Error(`timeout after ${TIMEOUT_MS} ms`)))
      req.on("error", reject)
      req.end(body)
    })
  }
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return gunzipSync(body)
  if (encoding === "br") return brotliDecompressSync(body)
  return body
}
