import { randomBytes } from "node:crypto"
import { mkdir, rename, writeFile } from "node:fs/promises"
import { join } from "node:path"
import nodemailer from "nodemailer"
import type { Config } from "../config.ts"

export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
}

/** Sends mail; the only way the server talks to mailboxes. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** nodemailer: SMTP when SMTP_URL is set, else one .eml file per message in DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      async send(m) {
        await transport.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text })
      },
    }
  }
  const outbox = join(config.dataDir, "outbox")
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" })
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject, text: m.text })
      await mkdir(outbox, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`
      // Written aside and renamed: whoever watches the outbox never reads a half-written message.
      await writeFile(join(outbox, `.${name}.tmp`), info.message as Buffer)
      await rename(join(outbox, `.${name}.tmp`), join(outbox, name))
    },
  }
}
