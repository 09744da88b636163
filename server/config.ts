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
}

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
  }
}

function keptSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret")
  if (existsSync(file)) return readFileSync(file, "utf8").trim()
  const secret = randomBytes(48).toString("base64url")
  writeFileSync(file, secret + "\n", { mode: 0o600 })
  return secret
}
