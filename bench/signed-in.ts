/**
 * The bench's signed-in visitor: a production server seeds no demo customer, so the bench makes its own
 * confirmed account in the server's database, then signs it in through the API like a browser does. Its
 * pages are written from the kept anonymous ones with its session checked on every request (src/app/personal-page.tsx).
 */
import { type Config, loadConfig } from "../server/config.ts"
import { openDb } from "../server/db/index.ts"
import { createUser } from "../server/services/accounts.ts"
import { createMailer } from "../server/services/mail.ts"
import type { Deps } from "../server/lib/env.ts"
import { createLogger } from "../server/lib/log.ts"

export const BENCH_USER = {
  email: "bench-user@bench.local",
  fullname: "Петров Пётр Петрович",
  mobile_phone: "+79000000099",
  password: "bench-user-password-1",
} as const

/** Creates the account unless it exists. */
export async function createBenchUser(deps: Pick<Deps, "db" | "config" | "mailer" | "log">): Promise<void> {
  const found = await deps.db.kysely.selectFrom("users").select("id").where("email", "=", BENCH_USER.email).executeTakeFirst()
  if (!found) await createUser(deps, { ...BENCH_USER, confirmed: true })
}

/** Creates the account in the database `env` names, from beside its server (another connection). */
export async function ensureBenchUser(env: NodeJS.ProcessEnv): Promise<void> {
  const config: Config = loadConfig(env)
  const log = createLogger(config)
  const db = openDb(config, log)
  try {
    await createBenchUser({ db, config, log, mailer: createMailer(config) })
  } finally {
    await db.kysely.destroy()
  }
}

/** Signs the account in (POST /api/v1/users/sign_in) with `send` (fetch, or the app's own request) and answers the `Cookie` header of its session. */
export async function benchCookie(send: (path: string, init: RequestInit) => Promise<Response>): Promise<string> {
  const res = await send("/api/v1/users/sign_in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user: { email: BENCH_USER.email, password: BENCH_USER.password } }),
  })
  if (!res.ok) throw new Error(`bench sign-in: ${res.status} ${await res.text()}`)
  return `token=${((await res.json()) as { jwt: string }).jwt}`
}
