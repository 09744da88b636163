import { sql } from "kysely"
import type { Db } from "../db/index.ts"
import { SEARCH_SOURCES, type SearchKind, urlOf } from "../db/search-sources.ts"
import { syncSearchIndex } from "./search-index.ts"
import { htmlToText, type Marked, markTitle, queryStems, queryWords, snippetOf, stem } from "./search-text.ts"

export type { SearchKind }

export interface SearchHit {
  readonly kind: SearchKind
  readonly id: number
  readonly url: string
  readonly title: Marked
  readonly snippet: Marked
}

export interface SearchAnswer {
  readonly total: number
  readonly hits: readonly SearchHit[]
}

interface Row {
  kind: SearchKind
  id: number | string
  url: string | null
  title: string
  text: string
  total: number | string
}

/**
 * Searches published pages, FAQ questions and articles and news posts for every word of `q` in any of
 * its forms (docs/search.md), best first; `offset`/`limit` page through them.
 */
export async function searchSite(db: Db, q: string, offset: number, limit: number): Promise<SearchAnswer> {
  const words = queryWords(q)
  if (words.length === 0) return { total: 0, hits: [] }
  const rows = db.dialect === "postgres" ? await searchPostgres(db, words, offset, limit) : await searchSqlite(db, words, offset, limit)
  const stems = queryStems(words)
  return {
    total: Number(rows[0]?.total ?? 0),
    hits: rows.map((r) => ({
      kind: r.kind,
      id: Number(r.id),
      url: r.url ?? urlOf(r.kind, Number(r.id), null),
      title: markTitle(r.title, stems),
      snippet: snippetOf(db.dialect === "postgres" ? htmlToText(r.text) : r.text, stems),
    })),
  }
}

/** PostgreSQL: the `russian` configuration on each table's indexed expression, ranked by ts_rank. */
async function searchPostgres(db: Db, words: readonly (readonly string[])[], offset: number, limit: number): Promise<Row[]> {
  // Only letters and digits reach here, so the words are safe inside to_tsquery's syntax; it is a parameter all the same.
  const tsquery = words.map((forms) => `(${forms.join(" | ")})`).join(" & ")
  // The query in each part (not a shared CTE, which PostgreSQL would materialize): each table's GIN index answers it.
  const query = sql`to_tsquery('russian'::regconfig, ${tsquery})`
  const parts = SEARCH_SOURCES.map(
    (s) => sql`select ${s.kind}::text as kind, id, ${sql.raw(s.kind === "page" ? "url" : "null::text")} as url, ${sql.ref(s.title)} as title,
      ${sql.raw(s.text.join(` || ' ' || `))} as text, ts_rank(${sql.raw(s.pgVector)}, ${query}) as rank
      from ${sql.table(s.table)} where published = 1 and ${sql.raw(s.pgVector)} @@ ${query}`,
  )
  const { rows } = await sql<Row>`select kind, id, url, title, text, count(*) over () as total from (${sql.join(parts, sql` union all `)}) found
    order by rank desc, kind, id desc limit ${limit} offset ${offset}`.execute(db.kysely)
  return rows
}

/** SQLite: the FTS5 index of stems (brought up to date first), ranked by bm25 with the title weighing 5×. */
async function searchSqlite(db: Db, words: readonly (readonly string[])[], offset: number, limit: number): Promise<Row[]> {
  await syncSearchIndex(db)
  // Stems hold letters and digits only, so quoting them is safe.
  const match = words.map((forms) => `(${[...new Set(forms.map(stem))].map((s) => `"${s}"`).join(" OR ")})`).join(" AND ")
  // bm25() works only in the query of the match itself, so the count over all matches is taken outside it.
  const { rows } = await sql<Row>`select kind, id, url, title, text, count(*) over () as total from (
      select kind, ref_id as id, url, title, text, rowid, bm25(search_fts, 0, 0, 0, 0, 0, 5.0, 1.0) as rank from search_fts where search_fts match ${match}
    ) found order by rank, rowid desc limit ${limit} offset ${offset}`.execute(db.kysely)
  return rows
}
