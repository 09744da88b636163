import type { Config } from "../../config.ts"
import type { Log } from "../../lib/log.ts"
import { gatewayOf, type SmsGateway } from "./gateway.ts"
import { outboxProvider } from "./outbox.ts"
import { smsRuProvider } from "./smsru.ts"

export { type SmsGateway, SmsSendError, SMS_NUMBER } from "./gateway.ts"

/** The configured gateway (SMS_PROVIDER): SMS.RU, or the outbox file of the embedded default. */
export function createSmsGateway(config: Pick<Config, "dataDir" | "sms">, log: Log): SmsGateway {
  return gatewayOf(config.sms.provider === "smsru" ? smsRuProvider(config) : outboxProvider(config), log)
}
