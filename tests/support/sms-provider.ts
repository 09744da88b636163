import { randomUUID } from "node:crypto"
import { createServer, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { readBody, sendJson } from "./http-double.ts"

/** One SMS as the local SMS.RU received it (what the product sent). */
export interface ReceivedSms {
  readonly apiId: string
  readonly to: string
  readonly msg: string
  readonly from: string | undefined
  readonly json: string | undefined
}

/**
 * What the next request gets instead of a success: an SMS.RU status code (`code`, for the request as a
 * whole or for the number, as SMS.RU answers it), an HTTP 500, or a dropped connection.
 */
export type SmsFault = { readonly code: number; readonly where?: "request" | "number" } | { readonly http: 500 } | { readonly drop: true }

export interface FakeSmsRu {
  /** The API base to put in SMSRU_API_URL. */
  readonly url: string
  readonly apiId: string
  /** Every request that reached `sms/send`, answered or not, in order. */
  readonly requests: ReceivedSms[]
  /** The SMS accepted (status 100), in order. */
  readonly sent: ReceivedSms[]
  /** Faults for the next requests, one each, in order; empty: every request succeeds. */
  readonly faults: SmsFault[]
  close(): Promise<void>
}

/** SMS.RU's texts of the codes the double answers (sms.ru/api/send). */
const TEXTS: Readonly<Record<number, string>> = {
  200: "Неправильный api_id",
  201: "Не хватает средств на лицевом счету",
  202: "Неправильно указан номер телефона получателя, либо на него нет маршрута",
  204: "Имя отправителя не согласовано с администрацией",
  207: "На этот номер нет маршрута для доставки сообщений",
  220: "Сервис временно недоступен, попробуйте чуть позже",
  500: "Ошибка на сервере. Повторите запрос.",
}
/** Codes SMS.RU gives for the request as a whole (credentials, the sender, the service); the others per number. */
const REQUEST_CODES = new Set([200, 201, 204, 220, 300, 301, 500])

const json = (res: ServerResponse, body: unknown) => sendJson(res, 200, body)

/**
 * A local HTTP server speaking the part of SMS.RU's API the product uses: `POST /sms/send` with the form
 * fields `api_id` (a wrong one: 200 for the request), `to` (11 digits of a Russian number, else 202 for
 * it), `msg`, `from` and `json=1` (without it SMS.RU answers plain text lines, and so does this). A
 * success is `{ status: "OK", status_code: 100, sms: { <to>: { status: "OK", status_code: 100, sms_id } },
 * balance }`; an error `{ status: "ERROR", status_code, status_text }` for the request, or the same
 * inside `sms.<to>` for the number. GET is 210 ('Используется GET, где необходимо использовать POST').
 */
export async function startFakeSmsRu(): Promise<FakeSmsRu> {
  const apiId = randomUUID().toUpperCase()
  const requests: ReceivedSms[] = []
  const sent: ReceivedSms[] = []
  const faults: SmsFault[] = []
  let balance = 100
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost")
      if (url.pathname !== "/sms/send") return json(res, { status: "ERROR", status_code: 211, status_text: "Метод не найден" })
      if (req.method !== "POST") return json(res, { status: "ERROR", status_code: 210, status_text: "Используется GET, где необходимо использовать POST" })
      const form = new URLSearchParams(await readBody(req))
      const sms: ReceivedSms = { apiId: form.get("api_id") ?? "", to: form.get("to") ?? "", msg: form.get("msg") ?? "", from: form.get("from") ?? undefined, json: form.get("json") ?? undefined }
      requests.push(sms)
      const fault = faults.shift()
      if (fault && "drop" in fault) return req.socket.destroy()
      if (fault && "http" in fault) {
        res.writeHead(500, { "content-type": "text/html" })
        return res.end("<h1>500 Internal Server Error</h1>")
      }
      if (sms.json !== "1") {
        res.writeHead(200, { "content-type": "text/plain" })
        return res.end("100\n000000-000000\nbalance=0")
      }
      const error = (code: number) => ({ status: "ERROR", status_code: code, status_text: TEXTS[code] ?? "Ошибка" })
      if (sms.apiId !== apiId) return json(res, error(200))
      if (fault && (fault.where ?? (REQUEST_CODES.has(fault.code) ? "request" : "number")) === "request") return json(res, error(fault.code))
      const perNumber = !/^7\d{10}$/.test(sms.to) ? error(202) : fault ? error(fault.code) : null
      if (perNumber) return json(res, { status: "OK", status_code: 100, sms: { [sms.to]: perNumber }, balance })
      balance -= 3
      sent.push(sms)
      json(res, { status: "OK", status_code: 100, sms: { [sms.to]: { status: "OK", status_code: 100, sms_id: `${sent.length}-${randomUUID().slice(0, 8)}` } }, balance })
    })().catch(() => {
      res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    apiId,
    requests,
    sent,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
