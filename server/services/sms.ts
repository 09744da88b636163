import { appendFile, mkdir } from "node:fs/promises"
import { join } from "node:path"
import type { Config } from "../config.ts"

/** An SMS gateway: a real operator's API in production, a log file on the embedded default. */
export interface SmsGateway {
  send(phone: string, text: string): Promise<void>
}

/** Appends `{time} {phone} {text}` lines to DATA_DIR/outbox/sms.log. */
export function createSmsGateway(config: Pick<Config, "dataDir">): SmsGateway {
  const outbox = join(config.dataDir, "outbox")
  return {
    async send(phone, text) {
      await mkdir(outbox, { recursive: true })
      await appendFile(join(outbox, "sms.log"), `${new Date().toISOString()} ${phone} ${text.replace(/\s*\n\s*/g, " ")}\n`)
    },
  }
}
