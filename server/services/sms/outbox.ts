import { appendFile, mkdir } from "node:fs/promises"
import { join } from "node:path"
import type { Config } from "../../config.ts"
import type { SmsProvider } from "./gateway.ts"

/**
 * The embedded default: appends `{time} {phone} {text}` lines to DATA_DIR/outbox/sms.log (the tests and
 * a developer read the codes there). Never fails but for the disk.
 */
export function outboxProvider(config: Pick<Config, "dataDir">): SmsProvider {
  const outbox = join(config.dataDir, "outbox")
  return {
    name: "outbox",
    async send(phone, text) {
      await mkdir(outbox, { recursive: true })
      await appendFile(join(outbox, "sms.log"), `${new Date().toISOString()} ${phone} ${text.replace(/\s*\n\s*/g, " ")}\n`)
      return {}
    },
  }
}
