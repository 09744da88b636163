import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import pg from "pg"
import { start } from "../../server/boot.ts"
import { TEST_ADMIN } from "./admin-token.ts"
import { DEMO_PASSWORD } from "./users.ts"

export { adminToken, TEST_ADMIN } from "./admin-token.ts"
export const TEST_JWT_SECRET = "test-secret-for-signing-tokens-0123456789abcdef"

export interface TestServer {
  readonly url: string
  readonly dataDir: string
  close(): Promise<void>
}

/**
 * A real server on an ephemeral port with a fresh temporary DATA_DIR (SQLite), or on the PostgreSQL
 * database named by TEST_DATABASE_URL. Serves the built app from dist/ for browser tests.
 * A DATA_DIR passed in `env` is used as is and kept on close (restart and persistence tests).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const ownDataDir = !env.DATA_DIR
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), "uc-test-"))
  const running = await start({
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: "0",
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // The demo people sign in with the tests' known password (a bare start draws a random one).
      DEMO_PASSWORD,
      // The challenge's proof of work, shortened as the throttle's delay is: tests pay tries, not seconds.
      CHALLENGE_WORK: "20",
      // No SMS resend delay unless a test asks for it (tests/security/sms-resend.test.ts): flows send codes back to back.
      SMS_RESEND_SECONDS: "0",
      // A configured DSS server, as production requires (a test of the unset case passes DSS_URL: "").
      DSS_URL: "https://dss.example.ru/STS/oauth",
      DIST_DIR: process.env.DIST_DIR ?? resolve("dist"),
      // No other CA's CRL or OCSP answer fetched from the internet (a bundled root's certificates name real
      // ones): the revocation tests turn it on with REVOCATION_FETCH=1 against their local server.
      REVOCATION_FETCH: "0",
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      // The request log is silent in tests unless asked for (LOG_LEVEL=info npx vitest run …).
      ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
      ...env,
    },
    log: () => {},
  })
  // One PostgreSQL database serves every test file in turn: brute-force counters of earlier files
  // (all from 127.0.0.1) must not throttle this one, and a second factor an earlier file enrolled for
  // a staff account must not ask this one for codes, as a fresh SQLite DATA_DIR would not.
  const databaseUrl = env.DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      await client.query("delete from rate_counters")
      await client.query("delete from admin_recovery_codes")
      await client.query("update admin_users set totp_secret = null, totp_enrolled_at = null, totp_last_step = null")
    } finally {
      await client.end()
    }
  }
  return {
    url: running.url,
    dataDir,
    close: async () => {
      await running.close()
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

