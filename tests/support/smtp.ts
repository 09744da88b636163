import { SMTPServer } from "smtp-server"

/** One message received by the sink: the first recipient, the decoded subject and the decoded text part. */
export interface ReceivedMail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

export interface SmtpSink {
  readonly port: number
  /** `smtp://127.0.0.1:PORT`, for the app's SMTP_URL. */
  readonly url: string
  readonly messages: ReceivedMail[]
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

/** A real SMTP server on 127.0.0.1 with an ephemeral port; keeps every message it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        const parsed = parseMail(Buffer.concat(chunks).toString("latin1"))
        const envelopeTo = session.envelope.rcptTo[0]?.address
        messages.push({ ...parsed, to: (parsed.to || envelopeTo || "").toLowerCase() })
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const address = server.server.address()
  const port = typeof address === "object" && address ? address.port : 0
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(pred, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(pred)
          if (!found) return false
          cleanup()
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`))
        }, timeoutMs)
        const wake = () => void check()
        const cleanup = () => {
          clearTimeout(timer)
          waiters.delete(wake)
        }
        waiters.add(wake)
        check()
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Decodes quoted-printable (RFC 2045) into bytes. */
export function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, "")
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!
    const hex = soft.slice(i + 1, i + 3)
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    )
}

interface Part {
  readonly headers: Map<string, string>
  readonly body: string
}

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/)
  const head = at < 0 ? raw : raw.slice(0, at)
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "")
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":")
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase()
  const bytes =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(part.body)
      : encoding === "base64"
        ? Buffer.from(part.body.replace(/\s+/g, ""), "base64")
        : Buffer.from(part.body, "latin1")
  return bytes.toString("utf8")
}

/** The first text/plain part (searching multiparts depth first), decoded. */
function textOf(part: Part): string | undefined {
  const type = part.headers.get("content-type") ?? "text/plain"
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1)
    for (const piece of pieces) {
      if (piece.startsWith("--")) break
      const found = textOf(splitPart(piece.replace(/^\r?\n/, "")))
      if (found !== undefined) return found
    }
    return undefined
  }
  return /^text\/plain/i.test(type) ? decodeBody(part) : undefined
}

/** A tiny MIME reader, enough for what nodemailer sends (mailparser is not available here). */
export function parseMail(raw: string): ReceivedMail {
  const top = splitPart(raw)
  const toHeader = decodeHeader(top.headers.get("to") ?? "")
  const to = /<([^>]+)>/.exec(toHeader)?.[1] ?? toHeader.trim()
  return {
    to: to.toLowerCase(),
    subject: decodeHeader(top.headers.get("subject") ?? ""),
    text: (textOf(top) ?? "").replace(/\r\n/g, "\n"),
  }
}

/** The value of a query parameter in the first link of a text that carries it. */
export function linkParam(text: string, name: string): string | undefined {
  const match = new RegExp(`[?&]${name}=([A-Za-z0-9_\\-%.~]+)`).exec(text)
  return match ? decodeURIComponent(match[1]!) : undefined
}
