/**
 * Bench step 5: the lists at scale. Seeds 100,000 news posts and 100,000 FAQ questions into a
 * fresh SQLite DATA_DIR with one `INSERT … SELECT` each (a recursive CTE counts the rows: no request
 * per row), boots the real server on it (production build, demo seed on top), and measures the p50 of
 * the first and the last page of the CRM lists (posts, FAQ questions) and of the public feed (API and
 * the server-rendered /posts), each from BENCH_SCALE_SAMPLES sequential requests after a warm-up.
 * Prints the times and the ratio last / first (goal ≤ 2×). BENCH_SCALE_ROWS changes the 100,000.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { sql } from "kysely"
import { start } from "../server/boot.ts"
import { openDb } from "../server/db/index.ts"
import { migrate } from "../server/db/migrate.ts"

const ROWS = Number(process.env.BENCH_SCALE_ROWS || 100_000)
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES || 30)
const ADMIN = { email: "admin@bench.local", password: "bench-password-0123" }

const BODY = `<p>${"Удостоверяющий центр выпускает квалифицированные сертификаты электронной подписи для юридических лиц, индивидуальных предпринимателей и физических лиц. ".repeat(6)}</p>`

/** Seeds `rows` posts and FAQ questions (in one rubric) with INSERT … SELECT over a recursive CTE; answers the seconds it took. */
export async function seedScale(dataDir: string, rows: number): Promise<number> {
  const db = openDb({ dataDir, databaseUrl: undefined })
  const t0 = performance.now()
  try {
    await migrate(db)
    const now = new Date().toISOString()
    const k = db.kysely
    const { id: rubricId } = await k
      .insertInto("faq_rubrics")
      .values({ name: "Нагрузочная рубрика", slug: "bench-rubric", position: 999, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow()
    await sql`insert into posts (title, date, announce, body, published, created_at, updated_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
      select 'Новость № ' || i, date('2020-01-01', '+' || (i % 2500) || ' days'), 'Краткое содержание новости № ' || i, ${BODY}, 1, ${now}, ${now} from n`.execute(k)
    await sql`insert into faq_questions (rubric_id, question, answer, position, published, created_at, updated_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
      select ${rubricId}, 'Вопрос № ' || i || ': как продлить сертификат?', ${BODY}, i, 1, ${now}, ${now} from n`.execute(k)
    await sql`analyze`.execute(k)
  } finally {
    await db.kysely.destroy()
  }
  return (performance.now() - t0) / 1000
}

/** The median time of `samples` sequential GETs (after 3 unmeasured), in ms. */
export async function p50(url: string, headers: Record<string, string>, samples: number): Promise<number> {
  const once = async () => {
    const t = performance.now()
    const res = await fetch(url, { headers })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`)
    return performance.now() - t
  }
  for (let i = 0; i < 3; i++) await once()
  const times: number[] = []
  for (let i = 0; i < samples; i++) times.push(await once())
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]!
}

export interface ScaleRow {
  readonly name: string
  readonly first: number
  readonly last: number
  readonly lastPage: number
}

/** Runs the whole step: seed, boot, measure; the server and the data are gone afterwards. */
export async function contentScale(dist: string): Promise<{ seedSeconds: number; rows: readonly ScaleRow[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), "uc-bench-scale-"))
  try {
    const seedSeconds = await seedScale(dataDir, ROWS)
    const app = await start({
      env: { DATA_DIR: dataDir, DIST_DIR: dist, PORT: "0", HOST: "127.0.0.1", JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, NODE_ENV: "production", DSS_URL: "https://dss.example.ru/STS/oauth" },
      log: () => {},
    })
    try {
      const signIn = await fetch(`${app.url}/api/v2/crm/sign_in`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ admin: ADMIN }) })
      const jwt = ((await signIn.json()) as { meta: { jwt: string } }).meta.jwt
      const auth = { authorization: `Bearer ${jwt}` }
      const lastOf = async (path: string, headers: Record<string, string> = {}) =>
        ((await (await fetch(`${app.url}${path}`, { headers })).json()) as { meta: { total_pages: number } }).meta.total_pages
      const rows: ScaleRow[] = []
      const measure = async (name: string, path: (page: number) => string, lastPage: number, headers: Record<string, string> = {}) => {
        const first = await p50(`${app.url}${path(1)}`, headers, SAMPLES)
        const last = await p50(`${app.url}${path(lastPage)}`, headers, SAMPLES)
        rows.push({ name, first, last, lastPage })
      }
      await measure("CRM posts (API)", (p) => `/api/v2/crm/posts/?page=${p}`, await lastOf("/api/v2/crm/posts/", auth), auth)
      await measure("CRM FAQ questions (API)", (p) => `/api/v2/crm/faq/questions/?page=${p}`, await lastOf("/api/v2/crm/faq/questions/", auth), auth)
      const feedLast = await lastOf("/api/v2/posts/")
      await measure("public feed (API)", (p) => `/api/v2/posts/?page=${p}`, feedLast)
      await measure("public /posts (SSR page)", (p) => (p > 1 ? `/posts?page=${p}` : "/posts"), feedLast)
      return { seedSeconds, rows }
    } finally {
      await app.close()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Prints the step's table. */
export function printScale(result: { seedSeconds: number; rows: readonly ScaleRow[] }): boolean {
  console.log(`${ROWS} posts and ${ROWS} FAQ questions seeded with INSERT … SELECT in ${result.seedSeconds.toFixed(1)} s; p50 of ${SAMPLES} sequential requests each`)
  let ok = true
  for (const r of result.rows) {
    const ratio = r.last / r.first
    ok &&= ratio <= 2
    console.log(`${r.name.padEnd(26)} page 1 ${r.first.toFixed(1).padStart(7)} ms   page ${String(r.lastPage).padEnd(5)} ${r.last.toFixed(1).padStart(7)} ms   last / first ${ratio.toFixed(2)}`)
  }
  console.log(`goal: the last page within 2× the first: ${ok ? "met" : "NOT met"}`)
  return ok
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { resolve } = await import("node:path")
  printScale(await contentScale(resolve(process.env.BENCH_DIST || "dist")))
  process.exit(0)
}
