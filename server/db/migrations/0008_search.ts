import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"
import { SEARCH_SOURCES } from "../search-sources.ts"

/**
 * Site search (docs/search.md). PostgreSQL: a GIN index per searched table on the very expression the
 * search queries (`russian` configuration, title weighted A, text B), so a saved row is found at once.
 * SQLite: an FTS5 table of stemmed words (better-sqlite3 cannot register a tokenizer, so the server
 * stems with the Snowball Russian stemmer into `title_terms` and `text_terms`), fed from `search_queue`:
 * triggers queue every insert, update and delete of the searched tables (whoever writes: the CRM, the
 * seed, an undo, a bench), and the search brings the index up to date before it answers. The rows
 * existing now are queued here.
 *
 * Also the CRM's news list: its order (date, then id, newest first) gets an index of its own, so its
 * last page is read from the index, not by sorting every post (bench step 5: 4.4 s → 4 ms at 100,000).
 */
export function search(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("posts_date_idx").on("posts").columns(["date", "id"]).execute()
      if (dialect === "postgres") {
        for (const s of SEARCH_SOURCES) {
          await sql`create index ${sql.id(`${s.table}_search_idx`)} on ${sql.table(s.table)} using gin ((${sql.raw(s.pgVector)}))`.execute(db)
        }
        return
      }
      // kind, ref_id, url, title and text (plain) are kept to answer from; only the *_terms columns are indexed.
      await sql`create virtual table search_fts using fts5(kind unindexed, ref_id unindexed, url unindexed, title unindexed, text unindexed, title_terms, text_terms, tokenize = 'unicode61 remove_diacritics 0')`.execute(db)
      await db.schema
        .createTable("search_queue")
        .addColumn("id", sql`integer primary key autoincrement`)
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("ref_id", "integer", (c) => c.notNull())
        .execute()
      for (const s of SEARCH_SOURCES) {
        const queue = (row: "new" | "old") => sql.raw(`insert into search_queue (kind, ref_id) values ('${s.kind}', ${row}.id)`)
        await sql`create trigger ${sql.id(`${s.table}_search_ins`)} after insert on ${sql.table(s.table)} begin ${queue("new")}; end`.execute(db)
        await sql`create trigger ${sql.id(`${s.table}_search_upd`)} after update on ${sql.table(s.table)} begin ${queue("old")}; ${queue("new")}; end`.execute(db)
        await sql`create trigger ${sql.id(`${s.table}_search_del`)} after delete on ${sql.table(s.table)} begin ${queue("old")}; end`.execute(db)
        await sql`insert into search_queue (kind, ref_id) select ${s.kind}, id from ${sql.table(s.table)}`.execute(db)
      }
    },
  }
}
