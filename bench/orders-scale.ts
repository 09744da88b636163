/**
 * Bench step 6 (docs/account.md): orders at scale, on PostgreSQL. Creates a fresh database
 * (BENCH_ORDERS_DATABASE, default `uc_bench_orders`) on the cluster of BENCH_PG_URL (default
 * postgres://postgres:postgres@127.0.0.1:5432/), migrates it and seeds, with `INSERT … SELECT
 * generate_series` (no request per row): BENCH_ORDERS_USERS customers (100,000), BENCH_ORDERS_ROWS
 * orders (1,000,000) with their first history row — of them BENCH_ORDERS_MINE (10,000) of one
 * customer who signs in — then boots the real server on it and measures the p50 of the first and the
 * last page of the CRM's 'Заказы' (`GET /api/v2/crm/orders/`) and of that customer's account list
 * (`GET /api/v1/lk/leads/all/`), each from BENCH_SCALE_SAMPLES sequential requests after a warm-up.
 * Prints the times and the ratio last / first (goal ≤ 2×). The database is dropped afterwards unless
 * BENCH_KEEP_DB=1. Run alone: `npx tsx bench/orders-scale.ts`.
 */
import { sql } from "kysely"
import pg from "pg"
import { start } from "../server/boot.ts"
import { openDb } from "../server/db/index.ts"
import { migrate } from "../server/db/migrate.ts"
import { hashPassword } from "../server/lib/passwords.ts"
import { p50 } from "./content-scale.ts"

const PG_URL = process.env.BENCH_PG_URL || "postgres://postgres:postgres@127.0.0.1:5432/"
const DATABASE = process.env.BENCH_ORDERS_DATABASE || "uc_bench_orders"
const ROWS = Number(process.env.BENCH_ORDERS_ROWS || 1_000_000)
const USERS = Number(process.env.BENCH_ORDERS_USERS || 100_000)
const MINE = Number(process.env.BENCH_ORDERS_MINE || 10_000)
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES || 30)
const ADMIN = { email: "admin@bench.local", password: "bench-password-0123" }
const CUSTOMER = { email: "customer@bench.local", password: "Bench-Customer-2026!q" }

const databaseUrl = () => new URL(DATABASE, PG_URL.endsWith("/") ? PG_URL : `${PG_URL}/`).toString()

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: new URL("postgres", PG_URL.endsWith("/") ? PG_URL : `${PG_URL}/`).toString() })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A fresh database with `users` customers and `rows` orders, `mine` of them the bench customer's; answers the seconds it took. */
export async function seedOrders(url: string): Promise<number> {
  await admin(`drop database if exists ${DATABASE} with (force)`)
  await admin(`create database ${DATABASE}`)
  const db = openDb({ dataDir: ".", databaseUrl: url })
  const t0 = performance.now()
  try {
    await migrate(db)
    const k = db.kysely
    const at = "2026-01-01T00:00:00.000Z"
    const digest = await hashPassword(CUSTOMER.password)
    const { id: me } = await k
      .insertInto("users")
      .values({ email: CUSTOMER.email, fullname: "Нагрузочный Клиент", mobile_phone: "+79990000000", password_digest: digest, confirmed_at: at, confirmation_token_digest: null, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
    // Other customers: never signed in (a digest nobody's password matches).
    await sql`insert into users (email, fullname, mobile_phone, password_digest, confirmed_at, created_at, updated_at)
      select 'bench-' || i || '@bench.local', 'Клиент № ' || i, '+7900' || lpad(i::text, 7, '0'), 'x', ${at}, ${at}, ${at}
      from generate_series(1, ${USERS}) as i`.execute(k)
    const { first } = await k.selectFrom("users").select((eb) => eb.fn.min("id").as("first")).where("email", "like", "bench-%").executeTakeFirstOrThrow()
    const statuses = ["new", "awaiting_payment", "paid", "checking_documents", "ready_for_identification", "issued", "cancelled"]
    // The bench customer's orders are spread evenly through the whole timeline (every
    // (ROWS / MINE)-th order), so their pages interleave with everybody else's.
    const every = Math.max(1, Math.floor(ROWS / MINE))
    await sql`insert into orders (public_id, user_id, status, applicant_kind, identification, preset, option_ids, amount, data, title, submitted_at, created_at, updated_at)
      select md5(i::text), case when i % ${every} = 0 and i / ${every} <= ${MINE} then ${me} else ${Number(first)} + (i % ${USERS}) end,
        (${sql.lit(`{${statuses.join(",")}}`)}::text[])[1 + i % ${statuses.length}],
        'legal_entity', case when i % 3 = 0 then 'remote' else 'office' end, 'order_cert_legal_entity', '[]', 1900 + (i % 7) * 900,
        '{"company_name":"ООО «Заказчик ' || i || '»","inn":"7707083893"}', 'ООО «Заказчик ' || i || '»',
        to_char(timestamp '2023-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        to_char(timestamp '2023-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        to_char(timestamp '2023-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      from generate_series(1, ${ROWS}) as i`.execute(k)
    await sql`insert into order_events (order_id, from_status, to_status, actor, created_at) select id, null, status, 'customer', created_at from orders`.execute(k)
    await sql`analyze`.execute(k)
  } finally {
    await db.kysely.destroy()
  }
  return (performance.now() - t0) / 1000
}

export interface OrdersScaleRow {
  readonly name: string
  readonly first: number
  readonly last: number
  readonly lastPage: number
  readonly total: number
}

/** Runs the whole step: seed, boot, measure; the server is closed and the database dropped afterwards. */
export async function ordersScale(dist: string): Promise<{ seedSeconds: number; rows: readonly OrdersScaleRow[] }> {
  const url = databaseUrl()
  const seedSeconds = await seedOrders(url)
  try {
    const { mkdtempSync, rmSync } = await import("node:fs")
    const { tmpdir } = await import("node:os")
    const { join } = await import("node:path")
    const dataDir = mkdtempSync(join(tmpdir(), "uc-bench-orders-"))
    const app = await start({
      env: { DATA_DIR: dataDir, DATABASE_URL: url, DIST_DIR: dist, PORT: "0", HOST: "127.0.0.1", JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: "production", DSS_URL: "https://dss.example.ru/STS/oauth" },
      log: () => {},
    })
    try {
      const post = async (path: string, body: unknown) => (await fetch(`${app.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json()
      const staff = { authorization: `Bearer ${((await post("/api/v2/crm/sign_in", { admin: ADMIN })) as { meta: { jwt: string } }).meta.jwt}` }
      const customer = { authorization: `Bearer ${((await post("/api/v1/users/sign_in/", { user: CUSTOMER })) as { jwt: string }).jwt}` }
      const rows: OrdersScaleRow[] = []
      const measure = async (name: string, path: (page: number) => string, headers: Record<string, string>) => {
        const meta = ((await (await fetch(`${app.url}${path(1)}`, { headers })).json()) as { meta: { total_pages: number; total_count?: number; total?: number } }).meta
        const first = await p50(`${app.url}${path(1)}`, headers, SAMPLES)
        const last = await p50(`${app.url}${path(meta.total_pages)}`, headers, SAMPLES)
        rows.push({ name, first, last, lastPage: meta.total_pages, total: meta.total_count ?? meta.total ?? 0 })
      }
      await measure("CRM 'Заказы' (API)", (p) => `/api/v2/crm/orders/?page=${p}`, staff)
      await measure("account orders (API)", (p) => `/api/v1/lk/leads/all/?page=${p}`, customer)
      return { seedSeconds, rows }
    } finally {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  } finally {
    if (process.env.BENCH_KEEP_DB !== "1") await admin(`drop database if exists ${DATABASE} with (force)`)
  }
}

/** Prints the step's table. */
export function printOrdersScale(result: { seedSeconds: number; rows: readonly OrdersScaleRow[] }): boolean {
  console.log(`${ROWS} orders of ${USERS + 1} customers (${MINE} of one) seeded on PostgreSQL with INSERT … SELECT generate_series in ${result.seedSeconds.toFixed(1)} s; p50 of ${SAMPLES} sequential requests each`)
  let ok = true
  for (const r of result.rows) {
    const ratio = r.last / r.first
    ok &&= ratio <= 2
    console.log(`${r.name.padEnd(24)} ${String(r.total).padStart(8)} rows   page 1 ${r.first.toFixed(1).padStart(7)} ms   page ${String(r.lastPage).padEnd(6)} ${r.last.toFixed(1).padStart(7)} ms   last / first ${ratio.toFixed(2)}`)
  }
  console.log(`goal: the last page within 2× the first: ${ok ? "met" : "NOT met"}`)
  return ok
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { resolve } = await import("node:path")
  printOrdersScale(await ordersScale(resolve(process.env.BENCH_DIST || "dist")))
  process.exit(0)
}
