import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"

export interface Config {
  readonly port: number
  readonly dataDir: string
  /** `postgres://...` switches to PostgreSQL; unset means SQLite in DATA_DIR. */
  readonly databaseUrl: string | undefined
  readonly jwtSecret: Uint8Array
  readonly adminEmail: string | undefined
  readonly adminPassword: string | undefined
  readonly sitePhone: string
  readonly supportEmail: string
  readonly production: boolean
  /** Where the built browser app lives. */
  readonly distDir: string
  /** `smtp://…` sends mail over SMTP; unset writes each message as an .eml file in DATA_DIR/outbox. */
  readonly smtpUrl: string | undefined
  readonly mailFrom: string
  /** The public address used in links inside e-mails. */
  readonly siteUrl: string
  /** Password of the demo accounts (embedded default only, never in production). */
  readonly demoPassword: string
  /** Behind one reverse proxy: the client address is the last entry of X-Forwarded-For. */
  readonly trustProxy: boolean
  /** The brute-force delay step (1 s; tests shorten it). */
  readonly throttleStepMs: number
}

export const DEFAULT_DEMO_PASSWORD = "Demo-2026!x"

/** Reads the environment once; creates DATA_DIR and keeps a generated JWT secret there when none is given. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || "./data")
  mkdirSync(dataDir, { recursive: true })
  return {
    port: Number(env.PORT || 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET || keptSecret(dataDir)),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sitePhone: env.SITE_PHONE || "8 800 555-35-35",
    supportEmail: env.SUPPORT_EMAIL || "support@demo.local",
    production: env.NODE_ENV === "production",
    distDir: resolve(env.DIST_DIR || "./dist"),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "Удостоверяющий центр <noreply@demo.local>",
    siteUrl: (env.SITE_URL || `http://localhost:${Number(env.PORT || 3000)}`).replace(/\/+$/, ""),
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    throttleStepMs: env.THROTTLE_STEP_MS !== undefined && env.THROTTLE_STEP_MS !== "" ? Number(env.THROTTLE_STEP_MS) : 1000,
  }
}

function keptSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret")
  if (existsSync(file)) return readFileSync(file, "utf8").trim()
  const secret = randomBytes(48).toString("base64url")
  writeFileSync(file, secret + "\n", { mode: 0o600 })
  return secret
}
