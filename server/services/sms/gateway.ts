import type { Log } from "../../lib/log.ts"
import { maskPhone, sleep } from "../../lib/secrets.ts"

/** An SMS gateway: SMS.RU's API in production, the outbox file on the embedded default. */
export interface SmsGateway {
  /** Sends `text` to `phone` (+7 only), trying once more when the failure may pass; throws SmsSendError when it was not sent. */
  send(phone: string, text: string): Promise<void>
}

/** What a provider answers of an SMS it accepted: its id there, when it gives one. */
export interface SmsAccepted {
  readonly id?: string | undefined
}

/** One provider's single attempt; a failure is an SmsSendError. */
export interface SmsProvider {
  readonly name: string
  send(phone: string, text: string): Promise<SmsAccepted>
}

/**
 * An SMS not sent. `retryable`: another attempt may pass (the network, the provider's 5xx or its own
 * "temporarily unavailable"); `badNumber`: the number itself was refused (trying again will not help,
 * the visitor is told to check it). `reason` names the provider's code, never the number or the text.
 */
export class SmsSendError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
    readonly badNumber = false,
  ) {
    super(`SMS not sent: ${reason}`)
    this.name = "SmsSendError"
  }
}

/** The numbers the site sends to: Russian mobile numbers as the schemas normalize them. */
export const SMS_NUMBER = /^\+7\d{10}$/

/** Attempts of one SMS: the first and one retry. */
export const SMS_ATTEMPTS = 2

/** A number as the log may carry it: `+7 (9**) ***-**-67`, never in full. */
const masked = (phone: string) => (SMS_NUMBER.test(phone) ? maskPhone(phone) : `***${phone.slice(-2)}`)

/**
 * The gateway over a provider: +7 numbers only; a retryable failure is tried once more after `pauseMs`;
 * each outcome is one log line (`sms sent` / `sms retried` / `sms failed`) with the provider, the masked
 * number, the attempts and the provider's id or reason, never the text (it carries the code).
 */
export function gatewayOf(provider: SmsProvider, log: Log, pauseMs = 500): SmsGateway {
  return {
    async send(phone, text) {
      const sms = { provider: provider.name, to: masked(phone) }
      if (!SMS_NUMBER.test(phone)) {
        log.warn({ sms: { ...sms, reason: "not a +7 number", attempts: 0 } }, "sms failed")
        throw new SmsSendError("not a +7 number", false, true)
      }
      for (let attempt = 1; ; attempt++) {
        try {
          const accepted = await provider.send(phone, text)
          log.info({ sms: { ...sms, id: accepted.id, attempts: attempt } }, "sms sent")
          return
        } catch (err) {
          const failure = err instanceof SmsSendError ? err : new SmsSendError(err instanceof Error ? err.name : "unknown", true)
          if (failure.retryable && attempt < SMS_ATTEMPTS) {
            log.warn({ sms: { ...sms, reason: failure.reason, attempts: attempt } }, "sms retried")
            await sleep(pauseMs)
            continue
          }
          log.error({ sms: { ...sms, reason: failure.reason, final: !failure.retryable, attempts: attempt } }, "sms failed")
          throw failure
        }
      }
    },
  }
}
