import type { IncomingMessage, ServerResponse } from "node:http"

/** A JSON answer of a local double of a provider's API. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" })
  res.end(JSON.stringify(body))
}

/** The request's body as text. */
export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = ""
    req.setEncoding("utf8")
    req.on("data", (chunk: string) => (data += chunk))
    req.on("end", () => resolve(data))
    req.on("error", reject)
  })
