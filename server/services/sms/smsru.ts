import type { Config } from "../../config.ts"
import { type SmsProvider, SmsSendError } from "./gateway.ts"

/** How long one attempt may take: two attempts and the pause stay under the visitor's patience. */
export const SMSRU_ATTEMPT_TIMEOUT_MS = 8_000

/**
 * SMS.RU's answer to `POST /sms/send` with `json=1`: `status` OK or ERROR with `status_code` for the
 * request as a whole (authentication, the sender name, the service), and per number in `sms` its own.
 */
interface SmsRuAnswer {
  readonly status?: string
  readonly status_code?: number | string
  readonly status_text?: string
  readonly sms?: Readonly<Record<string, { readonly status?: string; readonly status_code?: number | string; readonly sms_id?: string }>>
}

/** Codes another attempt may pass: 220 'Сервис временно недоступен', 500 'Ошибка на сервере. Повторите запрос'. */
export const SMSRU_RETRYABLE = new Set([220, 500])
/**
 * Codes that refuse the number itself: 202 wrong recipient or no route, 207 no route, 209 and 215 stop
 * lists, 214 a number abroad. Every other code is final too (200/300/301 credentials, 201 no money,
 * 204 the sender name not approved, 203/205/212 the text, 206/230–233 limits): the operator's to fix.
 */
export const SMSRU_BAD_NUMBER = new Set([202, 207, 209, 214, 215])

/**
 * SMS.RU (https://sms.ru/api/send): `POST {SMSRU_API_URL}/sms/send` with the form fields `api_id`,
 * `to` (11 digits), `msg` (UTF-8), `from` (the sender name, when set) and `json=1`. The code is read
 * from the number's entry, else from the request's.
 */
export function smsRuProvider(config: Pick<Config, "sms">): SmsProvider {
  const { apiId, sender, apiUrl } = config.sms
  return {
    name: "smsru",
    async send(phone, text) {
      const to = phone.slice(1)
      const body = new URLSearchParams({ api_id: apiId ?? "", to, msg: text, json: "1", ...(sender ? { from: sender } : {}) })
      let res: Response
      try {
        res = await fetch(`${apiUrl}/sms/send`, { method: "POST", body, signal: AbortSignal.timeout(SMSRU_ATTEMPT_TIMEOUT_MS) })
      } catch (err) {
        throw new SmsSendError(`network: ${err instanceof Error ? err.name : "error"}`, true)
      }
      if (!res.ok) throw new SmsSendError(`http ${res.status}`, res.status >= 500)
      let answer: SmsRuAnswer
      try {
        answer = (await res.json()) as SmsRuAnswer
      } catch {
        throw new SmsSendError("an answer that is not JSON", true)
      }
      const one = answer.sms?.[to]
      if (answer.status === "OK" && one?.status === "OK") return { id: one.sms_id }
      const code = Number(answer.status !== "OK" ? answer.status_code : one?.status_code)
      if (!Number.isFinite(code)) throw new SmsSendError("smsru: no status for the number", false)
      throw new SmsSendError(`smsru ${code}`, SMSRU_RETRYABLE.has(code), SMSRU_BAD_NUMBER.has(code))
    },
  }
}
