import { sql } from "kysely"
import type { Db } from "../db/index.ts"
import { SEARCH_SOURCES, type SearchSource, urlOf } from "../db/search-sources.ts"
import { htmlToText, termsOf } from "./search-text.ts"

const BATCH = 500
const running = new WeakMap<Db, Promise<void>>()

interface QueueRow {
  id: number
  kind: string
  ref_id: number
}

interface SourceRow {
  id: number
  title: string
  url?: string
  published: number
  [text: string]: unknown
}

/**
 * SQLite: brings the FTS5 index up to date with the rows the triggers of migration 0008 queued (every
 * insert, update and delete of a searched table, whoever wrote it). Each queued row is read again:
 * published, its stemmed title and text replace its index entry; unpublished or gone, the entry goes.
 * One sync at a time per database; a search awaits it, so a saved change is found at once.
 */
export function syncSearchIndex(db: Db): Promise<void> {
  if (db.dialect !== "sqlite") return Promise.resolve()
  const current = running.get(db)
  if (current) return current.then(() => syncSearchIndex(db))
  const run = drain(db).finally(() => running.delete(db))
  running.set(db, run)
  return run
}

async function drain(db: Db): Promise<void> {
  for (;;) {
    const { rows: queued } = await sql<QueueRow>`select id, kind, ref_id from search_queue order by id limit ${BATCH}`.execute(db.kysely)
    if (queued.length === 0) return
    const entries: { rowid: number; row: SourceRow | undefined; source: SearchSource }[] = []
    for (const source of SEARCH_SOURCES) {
      const ids = [...new Set(queued.filter((q) => q.kind === source.kind).map((q) => Number(q.ref_id)))]
      if (ids.length === 0) continue
      const columns = [source.title, ...source.text, ...(source.kind === "page" ? ["url"] : [])]
      const { rows } = await sql<SourceRow>`select id, published, ${sql.join(columns.map((c) => (c === source.title ? sql`${sql.ref(c)} as title` : sql.ref(c))))}
        from ${sql.table(source.table)} where id in (${sql.join(ids)})`.execute(db.kysely)
      const byId = new Map(rows.map((r) => [Number(r.id), r]))
      for (const id of ids) entries.push({ rowid: id * 4 + source.code, row: byId.get(id), source })
    }
    const last = queued[queued.length - 1]!.id
    await db.kysely.transaction().execute(async (trx) => {
      for (const { rowid, row, source } of entries) {
        await sql`delete from search_fts where rowid = ${rowid}`.execute(trx)
        if (!row || Number(row.published) !== 1) continue
        const text = htmlToText(source.text.map((c) => String(row[c] ?? "")).join(" "))
        const url = urlOf(source.kind, Number(row.id), typeof row.url === "string" ? row.url : null)
        await sql`insert into search_fts (rowid, kind, ref_id, url, title, text, title_terms, text_terms)
          values (${rowid}, ${source.kind}, ${Number(row.id)}, ${url}, ${row.title}, ${text}, ${termsOf(row.title)}, ${termsOf(text)})`.execute(trx)
      }
      await sql`delete from search_queue where id <= ${last}`.execute(trx)
    })
  }
}
