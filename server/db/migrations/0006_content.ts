import { type Kysely, sql } from "kysely"
import type { Dialect } from "../index.ts"

/** robots.txt until the CRM changes it: the CRM, the account area and the API are not for crawlers. */
const ROBOTS_DEFAULT = ["User-agent: *", "Disallow: /crm", "Disallow: /admin_users", "Disallow: /account", "Disallow: /api/", "Disallow: /search", ""].join("\n")

/**
 * The site's content (fields in docs/content-resources.md): FAQ questions and articles, documents for
 * electronic signatures (which also hold the footer's links, moved here from `footer_links`), pages,
 * news posts and their sources, page banners, page settings, robots.txt and the gallery of uploaded
 * images. Dialect-neutral like 0001: flags are 0/1 integers, dates ISO text (`yyyy-MM-dd`), times
 * ISO timestamps, an uploaded file a JSON text `{ name, url, size, type }`.
 */
export function content(dialect: Dialect) {
  const idColumn = dialect === "postgres" ? sql`serial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("faq_questions")
        .addColumn("id", idColumn)
        .addColumn("rubric_id", "integer", (c) => c.notNull().references("faq_rubrics.id").onDelete("cascade"))
        .addColumn("question", "text", (c) => c.notNull())
        .addColumn("answer", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("faq_questions_rubric_idx").on("faq_questions").columns(["rubric_id", "position", "id"]).execute()
      await db.schema.createIndex("faq_questions_published_idx").on("faq_questions").columns(["published", "position", "id"]).execute()

      await db.schema
        .createTable("faq_articles")
        .addColumn("id", idColumn)
        .addColumn("rubric_id", "integer", (c) => c.notNull().references("faq_rubrics.id").onDelete("cascade"))
        .addColumn("title", "varchar(255)", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("faq_articles_rubric_idx").on("faq_articles").columns(["rubric_id", "id"]).execute()

      await db.schema
        .createTable("ep_docs")
        .addColumn("id", idColumn)
        .addColumn("title", "varchar(255)", (c) => c.notNull())
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        // The uploaded file as JSON `{ name, url, size, type }`, or null for a link.
        .addColumn("file", "text")
        // An address instead of a file (a footer's partner-service link, a page of the site).
        .addColumn("link", "varchar(2048)")
        // A partner bank's code: the document is for its clients (`/{partner}_clients/docs`); null for all.
        .addColumn("partner", "varchar(64)")
        // Where the footer lists it: 'document', 'partner' (partner services) or null (not in the footer).
        .addColumn("footer", "varchar(16)")
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("ep_docs_kind_idx").on("ep_docs").columns(["kind", "position", "id"]).execute()
      await db.schema.createIndex("ep_docs_footer_idx").on("ep_docs").columns(["footer", "position", "id"]).execute()

      await db.schema
        .createTable("pages")
        .addColumn("id", idColumn)
        .addColumn("title", "varchar(255)", (c) => c.notNull())
        // The page's path, e.g. `/about_company` (no trailing slash).
        .addColumn("url", "varchar(2048)", (c) => c.notNull().unique())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("meta_title", "varchar(255)")
        .addColumn("meta_description", "text")
        .addColumn("meta_keywords", "text")
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      await db.schema
        .createTable("post_sources")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("url", "varchar(2048)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      await db.schema
        .createTable("posts")
        .addColumn("id", idColumn)
        .addColumn("title", "varchar(255)", (c) => c.notNull())
        // The publication date, `yyyy-MM-dd`.
        .addColumn("date", "varchar(10)", (c) => c.notNull())
        .addColumn("source_id", "integer", (c) => c.references("post_sources.id").onDelete("set null"))
        .addColumn("announce", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        // The cover as JSON `{ name, url, size, type }`, or null.
        .addColumn("image", "text")
        .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      await db.schema.createIndex("posts_feed_idx").on("posts").columns(["published", "date", "id"]).execute()
      await db.schema.createIndex("posts_source_idx").on("posts").columns(["source_id", "published", "date", "id"]).execute()

      await db.schema
        .createTable("page_banners")
        .addColumn("id", idColumn)
        .addColumn("title", "varchar(255)", (c) => c.notNull())
        // The pages it shows on: a path, or a pattern with `*` (`/faq*`).
        .addColumn("page_url", "varchar(2048)", (c) => c.notNull())
        .addColumn("image", "text", (c) => c.notNull())
        .addColumn("link", "varchar(2048)")
        // The period of display, `yyyy-MM-dd`, both ends included; null: open.
        .addColumn("starts_on", "varchar(10)")
        .addColumn("ends_on", "varchar(10)")
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      await db.schema
        .createTable("page_settings")
        .addColumn("id", idColumn)
        .addColumn("url", "varchar(2048)", (c) => c.notNull().unique())
        .addColumn("meta_title", "varchar(255)", (c) => c.notNull())
        .addColumn("meta_description", "text")
        .addColumn("meta_keywords", "text")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      // One row: the text of /robots.txt.
      await db.schema
        .createTable("robots")
        .addColumn("id", idColumn)
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()
      // The single record exists from the start: the CRM edits it (a singleton, /crm/marketing/robots).
      await sql`insert into robots (content, created_at, updated_at) values (${ROBOTS_DEFAULT}, ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(db)

      await db.schema
        .createTable("gallery_images")
        .addColumn("id", idColumn)
        .addColumn("name", "varchar(255)", (c) => c.notNull())
        .addColumn("url", "varchar(2048)", (c) => c.notNull().unique())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("mime", "varchar(127)", (c) => c.notNull())
        .addColumn("admin_user_id", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute()

      // The footer's links become documents of their own kind (a link, not a file), edited in the CRM.
      await sql`insert into ep_docs (title, kind, link, footer, position, published, created_at, updated_at)
        select name, 'link', url, ${sql.ref("group")}, position, 1, ${new Date().toISOString()}, ${new Date().toISOString()} from footer_links order by position, id`.execute(db)
      await db.schema.dropTable("footer_links").execute()
    },
  }
}
