import { pino, stdTimeFunctions, type Logger, type LoggerOptions } from "pino"
import type { Config } from "../config.ts"

/** The app's structured log: one JSON object a line on stdout (docs/production.md, "Logs, health and faults"). */
export type Log = Logger

/**
 * Never logged in full, wherever they appear in a logged object: credentials (tokens, cookies, passwords)
 * and the personal numbers of 152-FZ. The app logs no bodies and no headers; this is the safety net for
 * an object logged by mistake (e.g. an error carrying its request).
 */
export const REDACTED_PATHS = [
  "headers.authorization",
  "headers.cookie",
  "headers[\"set-cookie\"]",
  "*.headers.authorization",
  "*.headers.cookie",
  "*.headers[\"set-cookie\"]",
  "password",
  "*.password",
  "passport_number",
  "*.passport_number",
  "snils",
  "*.snils",
  "inn",
  "*.inn",
] as const

/**
 * An error as logged: its name, message, code and stack only. Not its other fields: a PostgreSQL error's
 * `detail` repeats the row's values ("Key (email)=(…) already exists"), personal data among them.
 */
export function errorLine(err: unknown): object {
  if (!(err instanceof Error)) return { message: String(err) }
  const code = (err as { code?: unknown }).code
  return { type: err.name, message: err.message, ...(code === undefined ? {} : { code }), stack: err.stack }
}

/** The logger's options (tests build one on a stream of their own with the same). */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  timestamp: stdTimeFunctions.isoTime,
  redact: { paths: [...REDACTED_PATHS], censor: "[скрыто]" },
  serializers: { err: errorLine },
})

const kept = new Map<string, Log>()

/**
 * One logger per level for the whole process (tests start many servers in one process; each pino
 * instance opens its own stdout stream): pino's own asynchronous stdout writer, flushed at exit.
 */
export function createLogger(config: Pick<Config, "logLevel">): Log {
  let log = kept.get(config.logLevel)
  if (!log) {
    log = pino(loggerOptions(config.logLevel))
    kept.set(config.logLevel, log)
  }
  return log
}
