import { lookup as dnsLookup } from "node:dns/promises"
import http from "node:http"
import https from "node:https"
import { isIP, type LookupFunction, type Socket } from "node:net"
import tls from "node:tls"
import { validationMessages } from "../../../../schemas/messages/validation.ts"
import { isPublicAddress } from "./addresses.ts"

const t = validationMessages.revocationUnchecked

/**
 * The only way revocation data (another CA's CRL, an OCSP answer) is fetched: the address a
 * certificate names is the attacker's choice, so
 * - only http: and https: URLs;
 * - the host is resolved here and every address it resolves to must be public (addresses.ts), unless
 *   the settings allow private hosts (tests only; the config refuses it in production);
 * - the connection goes to the address that was checked (a `lookup` answering it, or the IP itself
 *   through a proxy), so a second DNS answer cannot switch it;
 * - a redirect is followed only within the same origin, at most MAX_REDIRECTS times;
 * - one deadline for the whole exchange and a size limit counted as the body arrives.
 * Answers the bytes or a Russian reason; never throws.
 */

export interface FetchSettings {
  /** REVOCATION_FETCH=0: nothing is fetched (a server without outbound access; the tests' servers unless a test asks). */
  readonly disabled?: boolean
  /** REVOCATION_PROXY: `http://host:port` of an HTTP proxy every fetch goes through; null, direct. */
  readonly proxy: string | null
  /** ALLOW_PRIVATE_REVOCATION_HOSTS: tests' local servers on 127.0.0.1; never in production. */
  readonly allowPrivateHosts: boolean
  /** The whole exchange's deadline (default 5 s). */
  readonly timeoutMs?: number
  /** How names are resolved (default dns.lookup, every address): tests give a name any address. */
  readonly resolve?: (host: string) => Promise<readonly { readonly address: string; readonly family: number }[]>
}

export interface FetchRequest {
  readonly url: string
  readonly maxBytes: number
  /** A POST body (an OCSP request); GET without it. */
  readonly body?: Uint8Array
  readonly contentType?: string
  readonly accept?: string
}

export type FetchResult = { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly reason: string }

export const DEFAULT_FETCH_TIMEOUT_MS = 5000
const MAX_REDIRECTS = 2

export const DEFAULT_FETCH_SETTINGS: FetchSettings = { proxy: null, allowPrivateHosts: false }

class Refusal extends Error {}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} МБ` : `${Math.round(bytes / 1024)} КБ`)

/** The checked address `host` connects to; Refusal when it has none or any of its addresses is not public. */
async function checkedAddress(url: URL, settings: FetchSettings): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, "")
  let addresses: readonly { address: string; family: number }[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await (settings.resolve ?? ((name: string) => dnsLookup(name, { all: true, verbatim: true })))(host)
    } catch {
      throw new Refusal(t.unresolved(host))
    }
  }
  if (addresses.length === 0) throw new Refusal(t.unresolved(host))
  if (!settings.allowPrivateHosts && addresses.some((a) => !isPublicAddress(a.address))) throw new Refusal(t.privateHost(host))
  const first = addresses[0]!
  return { address: first.address, family: first.family === 6 ? 6 : 4 }
}

function parseUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Refusal(t.badUrl(raw))
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Refusal(t.scheme(raw))
  if (url.username || url.password) throw new Refusal(t.badUrl(raw))
  return url
}

const defaultPort = (url: URL) => Number(url.port || (url.protocol === "https:" ? 443 : 80))
const hostHeader = (url: URL) => url.host

/** A tunnel through the proxy to the checked address (HTTPS through a proxy). */
function tunnel(proxy: URL, address: string, port: number, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const target = `${address.includes(":") ? `[${address}]` : address}:${port}`
    const req = http.request({ host: proxy.hostname, port: defaultPort(proxy), method: "CONNECT", path: target, headers: { host: target }, signal, agent: false })
    req.on("connect", (res, socket) => {
      if (res.statusCode === 200) resolve(socket)
      else {
        socket.destroy()
        reject(new Error(`CONNECT ${res.statusCode}`))
      }
    })
    req.on("error", reject)
    req.end()
  })
}

type Outcome = { kind: "body"; bytes: Uint8Array } | { kind: "redirect"; location: string } | { kind: "status"; status: number }

/** `promise`, or a rejection as soon as `signal` aborts (a DNS lookup takes no signal of its own). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error("aborted"))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"))
    signal.addEventListener("abort", onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort))
  })
}

async function exchange(url: URL, request: FetchRequest, settings: FetchSettings, signal: AbortSignal): Promise<Outcome> {
  const { address, family } = await untilAborted(checkedAddress(url, settings), signal)
  const port = defaultPort(url)
  const headers: Record<string, string> = { host: hostHeader(url), "user-agent": "uc-revocation-check", accept: request.accept ?? "*/*", connection: "close" }
  if (request.body) {
    headers["content-type"] = request.contentType ?? "application/octet-stream"
    headers["content-length"] = String(request.body.length)
  }
  const method = request.body ? "POST" : "GET"
  const path = `${url.pathname}${url.search}`
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }])
    else callback(null, address, family)
  }
  let options: http.RequestOptions & tls.ConnectionOptions
  let client: typeof http | typeof https = url.protocol === "https:" ? https : http
  if (settings.proxy) {
    const proxy = new URL(settings.proxy)
    if (url.protocol === "http:") {
      // The absolute URL through the proxy, naming the checked address so the proxy cannot resolve the name anew.
      const literal = family === 6 ? `[${address}]` : address
      options = { host: proxy.hostname, port: defaultPort(proxy), method, path: `http://${literal}:${port}${path}`, headers, signal, agent: false }
      client = http
    } else {
      // TLS over the tunnel, verified for the URL's name; HTTP over that socket (no agent: createConnection is used only without one).
      const socket = await untilAborted(tunnel(proxy, address, port, signal), signal)
      const hostname = url.hostname.replace(/^\[|\]$/g, "")
      const secure = tls.connect({ socket, host: hostname, servername: isIP(hostname) ? undefined : hostname })
      options = { method, path, headers, signal, createConnection: () => secure }
      client = http
    }
  } else {
    options = { host: url.hostname.replace(/^\[|\]$/g, ""), port, method, path, headers, signal, agent: false, lookup: pinned }
  }
  return new Promise<Outcome>((resolve, reject) => {
    const req = client.request(options, (res) => {
      const status = res.statusCode ?? 0
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume()
        resolve({ kind: "redirect", location: res.headers.location })
        return
      }
      if (status !== 200) {
        res.resume()
        resolve({ kind: "status", status })
        return
      }
      const declared = Number(res.headers["content-length"])
      if (Number.isFinite(declared) && declared > request.maxBytes) {
        res.destroy()
        reject(new Refusal(t.tooLarge(url.href, sizeText(request.maxBytes))))
        return
      }
      const chunks: Buffer[] = []
      let size = 0
      res.on("data", (chunk: Buffer) => {
        size += chunk.length
        if (size > request.maxBytes) {
          res.destroy()
          reject(new Refusal(t.tooLarge(url.href, sizeText(request.maxBytes))))
          return
        }
        chunks.push(chunk)
      })
      res.on("end", () => resolve({ kind: "body", bytes: new Uint8Array(Buffer.concat(chunks)) }))
      res.on("error", reject)
    })
    req.on("error", reject)
    req.end(request.body ? Buffer.from(request.body) : undefined)
  })
}

/** GET (or POST `body`) `request.url` under the rules above. */
export async function fetchRevocationData(request: FetchRequest, settings: FetchSettings = DEFAULT_FETCH_SETTINGS): Promise<FetchResult> {
  if (settings.disabled) return { ok: false, reason: t.disabled }
  const timeoutMs = settings.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    let url = parseUrl(request.url)
    const origin = url.origin
    for (let redirects = 0; ; redirects++) {
      const outcome = await exchange(url, request, settings, controller.signal)
      if (outcome.kind === "body") return { ok: true, bytes: outcome.bytes }
      if (outcome.kind === "status") return { ok: false, reason: t.httpStatus(request.url, outcome.status) }
      let next: URL
      try {
        next = new URL(outcome.location, url)
      } catch {
        return { ok: false, reason: t.redirect(request.url) }
      }
      if (next.origin !== origin || redirects >= MAX_REDIRECTS) return { ok: false, reason: t.redirect(request.url) }
      url = next
    }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message }
    if (controller.signal.aborted) return { ok: false, reason: t.timeout(request.url, Math.round(timeoutMs / 100) / 10) }
    const code = (error as { code?: string }).code
    return { ok: false, reason: t.unreachable(request.url, code ?? (error instanceof Error ? error.message : String(error))) }
  } finally {
    clearTimeout(timer)
  }
}
