import { request } from "node:http"

/** A CRM write that stores one row and answers 201: an FAQ rubric whose slug names it. */
export const WRITE_PATH = "/api/v2/crm/faq/rubrics/"
export const rubricBody = (slug: string): string => JSON.stringify({ faq_rubric: { name: `Рубрика ${slug}`, slug, position: 1 } })

export const jsonHeaders = (token: string) => ({ "content-type": "application/json", authorization: `Bearer ${token}` })

/** One POST of a rubric: its status, or null when the connection failed (no answer). */
export async function writeRubric(url: string, token: string, slug: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const res = await fetch(url + WRITE_PATH, { method: "POST", headers: jsonHeaders(token), body: rubricBody(slug), signal })
    await res.arrayBuffer().catch(() => undefined)
    return res.status
  } catch {
    return null
  }
}

/**
 * A write whose body arrives slowly: the headers and the first half now, the rest when `finish()` is
 * called. Resolves with the status once the server answers.
 */
export function slowWrite(url: string, token: string, slug: string): { finish(): void; answered: Promise<number> } {
  const body = Buffer.from(rubricBody(slug))
  const half = Math.floor(body.length / 2)
  let finish = () => {}
  const answered = new Promise<number>((resolve, reject) => {
    const req = request(url + WRITE_PATH, {
      method: "POST",
      headers: { ...jsonHeaders(token), "content-length": String(body.length) },
      agent: false,
    })
    req.once("response", (res) => {
      res.resume()
      res.once("end", () => resolve(res.statusCode ?? 0))
    })
    req.once("error", reject)
    req.write(body.subarray(0, half))
    req.flushHeaders()
    finish = () => req.end(body.subarray(half))
  })
  return { finish: () => finish(), answered }
}

/** Whether a new connection to the server is refused (the listener is closed). */
export async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url + "/healthz", { signal: AbortSignal.timeout(1000) })
    return false
  } catch (err) {
    return (err as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED"
  }
}
