import { createServer, type IncomingHttpHeaders, request } from "node:http"
import type { AddressInfo } from "node:net"

export interface Balancer {
  readonly url: string
  /** How many requests each backend answered, by its index in `backends`. */
  readonly served: number[]
  close(): Promise<void>
}

/** The response header naming the backend (its index) that answered: the tests see which process served. */
export const BACKEND_HEADER = "x-backend"

/**
 * A small round-robin HTTP load balancer on 127.0.0.1, as one reverse proxy in front of several app
 * processes: each request goes to the next backend in turn, with the client's address appended to
 * X-Forwarded-For (the entry TRUST_PROXY=1 reads), bodies streamed both ways. A backend that does not
 * answer is 502.
 */
export async function startBalancer(backends: readonly string[]): Promise<Balancer> {
  const served = backends.map(() => 0)
  let next = 0
  const server = createServer((req, res) => {
    const index = next++ % backends.length
    const target = new URL(req.url ?? "/", backends[index])
    const forwarded = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ")
    const headers: IncomingHttpHeaders = { ...req.headers, host: target.host, "x-forwarded-for": forwarded }
    const upstream = request(target, { method: req.method, headers }, (answer) => {
      served[index]!++
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [BACKEND_HEADER]: String(index) })
      answer.pipe(res)
    })
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { [BACKEND_HEADER]: String(index) })
      res.end()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
