import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { createServer as createHttpsServer } from "node:https"
import { type AddressInfo, connect } from "node:net"
import { tmpdir } from "node:os"
import type { Duplex } from "node:stream"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isPublicAddress } from "../../server/services/pki/revocation/addresses.ts"
import { fetchRevocationData, type FetchSettings } from "../../server/services/pki/revocation/fetch.ts"
import { type RevocationServer, startRevocationServer } from "../support/foreign-ca.ts"

const LOCAL: FetchSettings = { proxy: null, allowPrivateHosts: true, timeoutMs: 1500 }
let server: RevocationServer
let other: RevocationServer

beforeAll(async () => {
  server = await startRevocationServer()
  other = await startRevocationServer()
  server.route("/ok", (_req, res) => void res.writeHead(200).end("CRL"))
  server.route("/host", (req, res) => void res.writeHead(200).end(String(req.headers.host)))
  server.route("/same", (_req, res) => void res.writeHead(302, { location: "/ok" }).end())
  server.route("/loop", (_req, res) => void res.writeHead(302, { location: "/loop" }).end())
  server.route("/elsewhere", (_req, res) => void res.writeHead(302, { location: `${other.url}/ok` }).end())
  server.route("/metadata", (_req, res) => void res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end())
  server.route("/declared", (_req, res) => void res.writeHead(200, { "content-length": 2000 }).end(Buffer.alloc(2000)))
  server.route("/streamed", (_req, res) => {
    // No content-length: the limit is counted as the body arrives.
    res.writeHead(200)
    for (let i = 0; i < 10; i++) res.write(Buffer.alloc(300))
    res.end()
  })
  server.route("/slow", (_req, res) => void setTimeout(() => res.writeHead(200).end("late"), 5000))
  server.route("/trickle", (_req, res) => {
    res.writeHead(200)
    const timer = setInterval(() => res.write("x"), 100)
    res.on("close", () => clearInterval(timer))
  })
  server.route("/post", (req, res, body) => void res.writeHead(200).end(`${req.method} ${req.headers["content-type"]} ${body.length}`))
  other.route("/ok", (_req, res) => void res.writeHead(200).end("other"))
})
afterAll(async () => {
  await server.close()
  await other.close()
})

const text = (r: Awaited<ReturnType<typeof fetchRevocationData>>) => (r.ok ? new TextDecoder().decode(r.bytes) : r.reason)

describe("which addresses are public", () => {
  it.each([
    ["127.0.0.1", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::", false],
    ["::1", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:a9fe:a9fe", false],
    ["64:ff9b::10.0.0.1", false],
    ["not an address", false],
    ["8.8.8.8", true],
    ["172.32.0.1", true],
    ["95.163.36.1", true],
    ["2a00:1450:4010:c05::65", true],
    ["::ffff:8.8.8.8", true],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected)
  })
})

describe("fetchRevocationData", () => {
  it("fetches a local server when private hosts are allowed (tests), with the Host header of the URL", async () => {
    expect(text(await fetchRevocationData({ url: `${server.url}/ok`, maxBytes: 100 }, LOCAL))).toBe("CRL")
  })

  it("refuses loopback and private hosts by default, before any request", async () => {
    const before = server.total()
    const r = await fetchRevocationData({ url: `${server.url}/ok`, maxBytes: 100 })
    expect(r).toEqual({ ok: false, reason: "Адрес списка отзыва не разрешён: 127.0.0.1 указывает на внутреннюю сеть" })
    const port = new URL(server.url).port
    expect(text(await fetchRevocationData({ url: `http://localhost:${port}/ok`, maxBytes: 100 }))).toBe("Адрес списка отзыва не разрешён: localhost указывает на внутреннюю сеть")
    expect(text(await fetchRevocationData({ url: `http://[::1]:${port}/ok`, maxBytes: 100 }))).toBe("Адрес списка отзыва не разрешён: ::1 указывает на внутреннюю сеть")
    expect(server.total()).toBe(before)
  })

  it("refuses a name when any of its addresses is private", async () => {
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ]
    expect(text(await fetchRevocationData({ url: "http://crl.example.ru/ca.crl", maxBytes: 100 }, { proxy: null, allowPrivateHosts: false, resolve }))).toBe(
      "Адрес списка отзыва не разрешён: crl.example.ru указывает на внутреннюю сеть",
    )
  })

  it("connects to the address it checked: the name is resolved once, and never again by the connection", async () => {
    let lookups = 0
    const port = new URL(server.url).port
    const resolve = async () => {
      lookups++
      return [{ address: "127.0.0.1", family: 4 }]
    }
    const r = await fetchRevocationData({ url: `http://crl.invalid:${port}/host`, maxBytes: 100 }, { ...LOCAL, resolve })
    expect(text(r)).toBe(`crl.invalid:${port}`)
    expect(lookups).toBe(1)
  })

  it("refuses other schemes", async () => {
    for (const url of ["file:///etc/passwd", "gopher://127.0.0.1:70/_x", "ftp://ftp.example.ru/ca.crl", "ldap://ldap.example.ru/cn=CA?certificateRevocationList"])
      expect(text(await fetchRevocationData({ url, maxBytes: 100 }, LOCAL))).toBe(`Адрес списка отзыва не разрешён (только http и https): ${url}`)
  })

  it("follows a redirect within the same origin, and none to another host or the metadata address", async () => {
    expect(text(await fetchRevocationData({ url: `${server.url}/same`, maxBytes: 100 }, LOCAL))).toBe("CRL")
    const before = other.total()
    expect(text(await fetchRevocationData({ url: `${server.url}/elsewhere`, maxBytes: 100 }, LOCAL))).toBe(`Список отзыва недоступен: ${server.url}/elsewhere перенаправляет на другой адрес`)
    expect(text(await fetchRevocationData({ url: `${server.url}/metadata`, maxBytes: 100 }, LOCAL))).toBe(`Список отзыва недоступен: ${server.url}/metadata перенаправляет на другой адрес`)
    expect(text(await fetchRevocationData({ url: `${server.url}/loop`, maxBytes: 100 }, LOCAL))).toBe(`Список отзыва недоступен: ${server.url}/loop перенаправляет на другой адрес`)
    expect(other.total()).toBe(before)
    // The first and at most two more.
    expect(server.hits.get("/loop")).toBe(3)
  })

  it("stops at the size limit, declared or counted as it arrives", async () => {
    expect(text(await fetchRevocationData({ url: `${server.url}/declared`, maxBytes: 1024 }, LOCAL))).toBe(`Ответ ${server.url}/declared больше допустимого (1 КБ)`)
    expect(text(await fetchRevocationData({ url: `${server.url}/streamed`, maxBytes: 2048 }, LOCAL))).toBe(`Ответ ${server.url}/streamed больше допустимого (2 КБ)`)
    expect((await fetchRevocationData({ url: `${server.url}/streamed`, maxBytes: 3000 }, LOCAL)).ok).toBe(true)
  })

  it("gives up at the deadline, whether the answer never starts or never ends", async () => {
    const settings = { ...LOCAL, timeoutMs: 400 }
    for (const path of ["/slow", "/trickle"]) {
      const started = Date.now()
      expect(text(await fetchRevocationData({ url: `${server.url}${path}`, maxBytes: 1_000_000 }, settings))).toBe(`Истекло время ожидания ответа ${server.url}${path} (0.4 с)`)
      expect(Date.now() - started).toBeLessThan(1500)
    }
  })

  it("says why when the server answers an error or cannot be reached", async () => {
    expect(text(await fetchRevocationData({ url: `${server.url}/none`, maxBytes: 100 }, LOCAL))).toBe(`Список отзыва недоступен: ${server.url}/none ответил кодом 404`)
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    expect(text(await fetchRevocationData({ url: `http://127.0.0.1:${port}/x.crl`, maxBytes: 100 }, LOCAL))).toBe(`Список отзыва недоступен: http://127.0.0.1:${port}/x.crl (ECONNREFUSED)`)
  })

  it("fetches nothing when turned off (REVOCATION_FETCH=0)", async () => {
    const before = server.total()
    expect(text(await fetchRevocationData({ url: `${server.url}/ok`, maxBytes: 100 }, { ...LOCAL, disabled: true }))).toBe("загрузка списков отзыва других удостоверяющих центров отключена на сервере")
    expect(server.total()).toBe(before)
  })

  it("POSTs a body (an OCSP request)", async () => {
    const r = await fetchRevocationData({ url: `${server.url}/post`, maxBytes: 100, body: new Uint8Array(7), contentType: "application/ocsp-request" }, LOCAL)
    expect(text(r)).toBe("POST application/ocsp-request 7")
  })
})

describe("through a proxy (REVOCATION_PROXY)", () => {
  let proxy: Server
  const seen: string[] = []
  beforeAll(async () => {
    proxy = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.host}`)
      res.writeHead(200).end("via proxy")
    })
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r))
  })
  afterAll(() => new Promise((r) => proxy.close(r)))
  const proxyUrl = () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`

  it("asks the proxy for the absolute URL naming the checked address, the name in Host", async () => {
    const resolve = async () => [{ address: "93.184.216.34", family: 4 }]
    const r = await fetchRevocationData({ url: "http://crl.example.ru/ca.crl", maxBytes: 100 }, { proxy: proxyUrl(), allowPrivateHosts: false, resolve })
    expect(text(r)).toBe("via proxy")
    expect(seen.at(-1)).toBe("GET http://93.184.216.34:80/ca.crl crl.example.ru")
  })

  it("https goes through CONNECT to the checked address, and TLS still checks the server's certificate for the name", async () => {
    // A TLS server whose self-signed certificate no one trusts: the tunnel reaches it, the handshake refuses it.
    const dir = mkdtempSync(join(tmpdir(), "revocation-tls-"))
    execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1", "-subj", "/CN=crl.test", "-addext", "subjectAltName=DNS:crl.test", "-keyout", join(dir, "k.pem"), "-out", join(dir, "c.pem")], { stdio: "ignore" })
    const tlsServer = createHttpsServer({ key: readFileSync(join(dir, "k.pem")), cert: readFileSync(join(dir, "c.pem")) }, (_req, res) => void res.end("tls"))
    rmSync(dir, { recursive: true, force: true })
    await new Promise<void>((r) => tlsServer.listen(0, "127.0.0.1", r))
    const tlsPort = (tlsServer.address() as AddressInfo).port
    const connects: string[] = []
    const onConnect = (req: { url?: string }, socket: Duplex) => {
      connects.push(String(req.url))
      const [host, port] = [String(req.url).replace(/:\d+$/, ""), Number(String(req.url).split(":").pop())]
      const upstream = connect(port, host, () => {
        socket.write("HTTP/1.1 200 Connection Established\r\n\r\n")
        upstream.pipe(socket)
        socket.pipe(upstream)
      })
      upstream.on("error", () => socket.destroy())
      socket.on("error", () => upstream.destroy())
    }
    proxy.on("connect", onConnect)
    try {
      const resolve = async () => [{ address: "127.0.0.1", family: 4 }]
      const r = await fetchRevocationData({ url: `https://crl.test:${tlsPort}/ca.crl`, maxBytes: 100 }, { proxy: proxyUrl(), allowPrivateHosts: true, resolve, timeoutMs: 3000 })
      expect(connects).toEqual([`127.0.0.1:${tlsPort}`])
      expect(text(r)).toBe(`Список отзыва недоступен: https://crl.test:${tlsPort}/ca.crl (DEPTH_ZERO_SELF_SIGNED_CERT)`)
    } finally {
      proxy.off("connect", onConnect)
      tlsServer.closeAllConnections()
      await new Promise((r) => tlsServer.close(r))
    }
  })

  it("still refuses a private destination, sending the proxy nothing", async () => {
    const count = seen.length
    const r = await fetchRevocationData({ url: "http://169.254.169.254/latest/meta-data/", maxBytes: 100 }, { proxy: proxyUrl(), allowPrivateHosts: false })
    expect(text(r)).toBe("Адрес списка отзыва не разрешён: 169.254.169.254 указывает на внутреннюю сеть")
    expect(seen.length).toBe(count)
  })
})
