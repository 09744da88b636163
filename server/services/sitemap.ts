import { existsSync, statSync } from "node:fs"
import { join } from "node:path"
import { sql } from "kysely"
import { SITEMAP_PATHS } from "../../schemas/routes.ts"
import type { Db } from "../db/index.ts"

/** The sitemap protocol's limit of URLs per file; above it /sitemap.xml is an index of /sitemap-{n}.xml. */
export const SITEMAP_FILE_MAX = 50_000
const BATCH = 5000

/** One URL of the sitemap: its path and the day it last changed (`yyyy-MM-dd`). */
interface Entry {
  readonly path: string
  readonly lastmod: string
  /** The row's id, for the next batch to start after it (keyset, not an ever larger offset). */
  readonly id?: number
}

/**
 * A part of the sitemap read from one table in id order, `offset`/`limit` within it. The published
 * rows of a table whose address needs only its id or its own column.
 */
interface Source {
  count(db: Db): Promise<number>
  /** `limit` entries from `offset`, or when `after` is given, the ones after that id. */
  read(db: Db, offset: number, limit: number, after?: number): Promise<Entry[]>
}

const day = (iso: string | null | undefined) => (iso ?? "").slice(0, 10)

const tableSource = (table: "posts" | "faq_articles" | "cities" | "pages" | "tariffs" | "platforms" | "partners", path: (row: { id: number; key: string }) => string, key = "id", published = true): Source => ({
  async count(db) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} ${published ? sql`where published = 1` : sql``}`.execute(db.kysely)
    return Number(rows[0]?.n ?? 0)
  },
  async read(db, offset, limit, after) {
    const where = [...(published ? [sql`published = 1`] : []), ...(after === undefined ? [] : [sql`id > ${after}`])]
    const { rows } = await sql<{ id: number; key: string; updated_at: string }>`select id, ${sql.ref(key)} as key, updated_at from ${sql.table(table)}
      ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``} order by id limit ${limit} ${after === undefined ? sql`offset ${offset}` : sql``}`.execute(db.kysely)
    return rows.map((r) => ({ path: path({ id: Number(r.id), key: String(r.key) }), lastmod: day(r.updated_at), id: Number(r.id) }))
  },
})

/** Newest `updated_at` of the published rows of some tables (what a list page shows), or null. */
async function newest(db: Db, tables: readonly string[]): Promise<string | null> {
  let best: string | null = null
  for (const t of tables) {
    const { rows } = await sql<{ at: string | null }>`select max(updated_at) as at from ${sql.table(t)} where published = 1`.execute(db.kysely)
    const at = rows[0]?.at ?? null
    if (at && (!best || at > best)) best = at
  }
  return best
}

/**
 * The site's own pages: every parameterless public route (schemas/routes.ts SITEMAP_PATHS), a CRM
 * page's address only once. lastmod: the CRM page's change for a page the CRM fills; the newest item
 * for /faq, /posts, /docs; else the build's date (the pages change with a release).
 */
function staticSource(distDir: string): Source {
  const builtAt = () => {
    const index = join(distDir, "index.html")
    return (existsSync(index) ? statSync(index).mtime : new Date()).toISOString()
  }
  const entries = async (db: Db): Promise<Entry[]> => {
    const { rows: pages } = await sql<{ url: string; updated_at: string }>`select url, updated_at from pages where published = 1`.execute(db.kysely)
    const pageAt = new Map(pages.map((p) => [p.url, p.updated_at]))
    const lists: Record<string, readonly string[]> = {
      "/faq": ["faq_questions", "faq_articles"],
      "/posts": ["posts"],
      "/docs": ["ep_docs"],
      "/price": ["tariffs", "tariff_options"],
      "/platforms": ["platforms"],
      "/office": ["offices"],
      "/partners": ["partners"],
    }
    const built = builtAt()
    const out: Entry[] = []
    for (const path of SITEMAP_PATHS) {
      const at = pageAt.get(path) ?? (lists[path] ? await newest(db, lists[path]) : null) ?? built
      out.push({ path, lastmod: day(at) })
    }
    return out
  }
  return {
    count: async () => SITEMAP_PATHS.length,
    read: async (db, offset, limit) => (await entries(db)).slice(offset, offset + limit),
  }
}

const KNOWN = new Set(SITEMAP_PATHS)
/** A CRM page listed on its own: a path of the site that is not one of the site's own pages. */
const listed = (r: { url: string }) => r.url.startsWith("/") && !KNOWN.has(r.url)

/** The sources in the sitemap's order: the site's pages, other CRM pages, regions, FAQ articles, news. */
export function sitemapSources(distDir: string): readonly Source[] {
  const pages: Source = {
    // CRM pages at the addresses of the site's own pages are listed with those.
    async count(db) {
      const { rows } = await sql<{ url: string }>`select url from pages where published = 1`.execute(db.kysely)
      return rows.filter(listed).length
    },
    async read(db, offset, limit) {
      const { rows } = await sql<{ url: string; updated_at: string }>`select url, updated_at from pages where published = 1 order by id`.execute(db.kysely)
      return rows
        .filter(listed)
        .slice(offset, offset + limit)
        .map((r) => ({ path: r.url, lastmod: day(r.updated_at) }))
    },
  }
  return [
    staticSource(distDir),
    pages,
    tableSource("cities", (r) => `/${r.key}`, "slug", false),
    tableSource("faq_articles", (r) => `/faq/articles/${r.id}`),
    tableSource("posts", (r) => `/posts/${r.id}`),
    // The catalogue's published records (docs/catalogue.md).
    tableSource("tariffs", (r) => `/tariffs/${r.id}`),
    tableSource("platforms", (r) => `/platforms/${r.id}`),
    tableSource("partners", (r) => `/partners/${r.id}/new`),
  ]
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!)

/** An absolute, XML-escaped address: the path's characters outside ASCII percent-encoded. */
const loc = (siteUrl: string, path: string) => escapeXml(siteUrl + encodeURI(decodeURIComponentSafe(path)))
function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURI(s)
  } catch {
    return s
  }
}

export interface SitemapPlan {
  readonly counts: readonly number[]
  readonly total: number
  /** Files needed: 1 is a plain urlset at /sitemap.xml, more an index of /sitemap-{n}.xml. */
  readonly files: number
}

export async function planSitemap(db: Db, sources: readonly Source[]): Promise<SitemapPlan> {
  const counts: number[] = []
  for (const s of sources) counts.push(await s.count(db))
  const total = counts.reduce((a, b) => a + b, 0)
  return { counts, total, files: Math.max(1, Math.ceil(total / SITEMAP_FILE_MAX)) }
}

/** The <url> entries of file `n` (0-based) of the plan, in batches, as XML text. */
export async function* urlsetOf(db: Db, sources: readonly Source[], plan: SitemapPlan, n: number, siteUrl: string): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  let from = n * SITEMAP_FILE_MAX
  let left = SITEMAP_FILE_MAX
  let base = 0
  for (const [i, source] of sources.entries()) {
    const count = plan.counts[i]!
    if (left > 0 && from < base + count) {
      let offset = from - base
      const end = Math.min(count, offset + left)
      let after: number | undefined
      while (offset < end) {
        const batch = await source.read(db, offset, Math.min(BATCH, end - offset), after)
        if (batch.length === 0) break
        after = batch[batch.length - 1]!.id
        yield batch.map((e) => `<url><loc>${loc(siteUrl, e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>\n`).join("")
        offset += batch.length
      }
      const taken = end - (from - base)
      left -= taken
      from += taken
    }
    base += count
  }
  yield "</urlset>\n"
}

/** The sitemap index of a plan with more than one file. */
export function sitemapIndexOf(plan: SitemapPlan, siteUrl: string, lastmod: string): string {
  const items = Array.from({ length: plan.files }, (_, i) => `<sitemap><loc>${escapeXml(`${siteUrl}/sitemap-${i + 1}.xml`)}</loc><lastmod>${lastmod}</lastmod></sitemap>\n`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("")}</sitemapindex>\n`
}
