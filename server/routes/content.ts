import type { Hono } from "hono"
import { FAQ_QUESTIONS_MAX, PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../../schemas/constants.ts"
import {
  contentPath,
  DOCUMENT_TYPE_ALL,
  EP_DOC_LINK_KIND,
  type EpDocResource,
  type FaqRubricResource,
  type PageBannerResource,
  type PageSettingResource,
  pathMatches,
  type StoredFile,
} from "../../schemas/entities/content.ts"
import { EP_DOC_KINDS } from "../../schemas/forms/parts/ep-docs.ts"
import { messages } from "../../schemas/messages/common.ts"
import { previewText } from "../../schemas/content-text.ts"
import { moscowToday } from "../../schemas/dates.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { asId, idParam, notFound, unprocessable } from "../lib/http.ts"
import { sanitizeEditorHtml } from "../lib/sanitize-html.ts"

/** A stored file's JSON `{ name, url, size, type }`, or null when absent or unreadable. */
export function storedFile(json: string | null): StoredFile | null {
  if (!json) return null
  try {
    const f = JSON.parse(json) as Partial<Record<keyof StoredFile, unknown>>
    if (typeof f.url !== "string" || !f.url) return null
    return {
      name: typeof f.name === "string" ? f.name : f.url.split("/").pop() ?? "",
      url: f.url,
      size: typeof f.size === "number" ? f.size : null,
      type: typeof f.type === "string" ? f.type : null,
    }
  } catch {
    return null
  }
}

/**
 * Rich text as the public pages show it: sanitized again on the way out (defence in depth: a row
 * written around the CRM, by a migration or by hand, still cannot run a script). Memoized, since the
 * same few texts are read for every visitor.
 */
const cleanCache = new Map<string, string>()
function clean(html: string): string {
  const hit = cleanCache.get(html)
  if (hit !== undefined) return hit
  const out = sanitizeEditorHtml(html)
  if (cleanCache.size >= 2000) cleanCache.clear()
  cleanCache.set(html, out)
  return out
}

/** A path as the CRM may have stored it: without and with the trailing slash. */
const pathForms = (raw: string): string[] => {
  const path = contentPath(raw)
  return path === "/" ? [path] : [path, `${path}/`]
}

/** `like` pattern of a search: the words as typed, `%` and `_` taken literally. */
const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** A positive whole number from the query, or the default; anything else is a 422 on that field. */
function intParam(raw: string | undefined, field: string, fallback: number, max?: number): number {
  if (raw === undefined || raw === "") return fallback
  const n = asId(raw)
  if (n === null) throw unprocessable({ [field]: [messages.validation.numeric] })
  return max !== undefined ? Math.min(n, max) : n
}

/** The kinds `/api/v2/documents/{type}/` lists: every EP document kind but the footer's links. */
const DOCUMENT_KINDS = new Set(EP_DOC_KINDS.map((k) => k.value).filter((k) => k !== EP_DOC_LINK_KIND))

/**
 * The public content API (docs/public-content.md): pages, FAQ, news, EP documents, banners
 * and page settings. GET only, no token; only what is published (or, for banners, active today).
 */
export function contentRoutes(app: Hono<AppEnv>, { db }: Deps): void {
  const k = db.kysely

  /** The spec's `GET /api/v2/pages/?url=/{slug}/`: a published page by its path; 404 otherwise. */
  app.get("/api/v2/pages", async (c) => {
    const raw = c.req.query("url")
    if (!raw?.trim()) throw unprocessable({ url: [messages.validation.required] })
    const row = await k
      .selectFrom("pages")
      .select(["id", "title", "url", "body", "meta_title", "meta_description", "meta_keywords", "updated_at"])
      .where("url", "in", pathForms(raw))
      .where("published", "=", 1)
      .executeTakeFirst()
    if (!row) throw notFound()
    return c.json({ data: { id: String(row.id), type: "page", attributes: { ...row, id: undefined, body: clean(row.body) } } })
  })

  /**
   * The FAQ: rubrics (by position) with their published questions (by position) and articles; `q`
   * keeps the questions whose question or answer holds it (any case), `rubric_id` one rubric. A rubric
   * left with nothing is left out. At most FAQ_QUESTIONS_MAX questions (meta.truncated says so).
   */
  app.get("/api/v2/faq", async (c) => {
    const q = (c.req.query("q") ?? "").trim()
    if (q.length > 255) throw unprocessable({ q: [messages.validation.maxLength(255)] })
    const rubricId = c.req.query("rubric_id") ? intParam(c.req.query("rubric_id"), "rubric_id", 0) : null
    let rubricsQuery = k.selectFrom("faq_rubrics").select(["id", "name", "slug"]).orderBy("position").orderBy("id")
    if (rubricId !== null) rubricsQuery = rubricsQuery.where("id", "=", rubricId)
    let questionsQuery = k
      .selectFrom("faq_questions")
      .select(["id", "rubric_id", "question", "answer"])
      .where("published", "=", 1)
      .orderBy("position")
      .orderBy("id")
      .limit(FAQ_QUESTIONS_MAX + 1)
    if (rubricId !== null) questionsQuery = questionsQuery.where("rubric_id", "=", rubricId)
    if (q) {
      const like = likeOf(q)
      questionsQuery = questionsQuery.where((eb) =>
        eb.or([eb(eb.fn("lower", ["question"]), "like", like), eb(eb.fn("lower", ["answer"]), "like", like)]),
      )
    }
    let articlesQuery = k.selectFrom("faq_articles").select(["id", "rubric_id", "title"]).where("published", "=", 1).orderBy("id")
    if (rubricId !== null) articlesQuery = articlesQuery.where("rubric_id", "=", rubricId)
    if (q) articlesQuery = articlesQuery.where(k.fn("lower", ["title"]), "like", likeOf(q))
    const [rubrics, questionRows, articles] = await Promise.all([rubricsQuery.execute(), questionsQuery.execute(), articlesQuery.execute()])
    const truncated = questionRows.length > FAQ_QUESTIONS_MAX
    const questions = truncated ? questionRows.slice(0, FAQ_QUESTIONS_MAX) : questionRows
    const data: FaqRubricResource[] = rubrics
      .map((r) => ({
        id: String(r.id),
        type: "faq_rubric" as const,
        attributes: {
          name: r.name,
          slug: r.slug,
          questions: questions.filter((x) => x.rubric_id === r.id).map((x) => ({ id: String(x.id), question: x.question, answer: clean(x.answer) })),
          articles: articles.filter((a) => a.rubric_id === r.id).map((a) => ({ id: String(a.id), title: a.title })),
        },
      }))
      .filter((r) => r.attributes.questions.length > 0 || r.attributes.articles.length > 0)
    return c.json({ data, meta: { total_pages: 1, total_count: questions.length, truncated } })
  })

  app.get("/api/v2/faq/articles/:id", async (c) => {
    const row = await k
      .selectFrom("faq_articles")
      .innerJoin("faq_rubrics", "faq_rubrics.id", "faq_articles.rubric_id")
      .select(["faq_articles.id", "faq_articles.title", "faq_articles.body", "faq_articles.updated_at", "faq_rubrics.id as rubric_id", "faq_rubrics.name as rubric_name"])
      .where("faq_articles.id", "=", idParam(c))
      .where("faq_articles.published", "=", 1)
      .executeTakeFirst()
    if (!row) throw notFound()
    return c.json({
      data: {
        id: String(row.id),
        type: "faq_article",
        attributes: { title: row.title, body: clean(row.body), rubric: { id: String(row.rubric_id), name: row.rubric_name }, updated_at: row.updated_at },
      },
    })
  })

  app.get("/api/v2/post_sources", async (c) => {
    const rows = await k.selectFrom("post_sources").select(["id", "name", "url"]).orderBy("name").orderBy("id").execute()
    return c.json({ data: rows.map((r) => ({ id: String(r.id), type: "post_source", attributes: { name: r.name, url: r.url } })), meta: { total_pages: 1 } })
  })

  /**
   * The news feed: published posts, newest date first, `page` (from 1) of `per` (default 25, at most
   * 100), `source_id` one source. Fast on any page of a long feed: the page's ids are read from the
   * feed's index alone (posts_feed_idx / posts_source_idx), from whichever end of the feed is nearer,
   * and only those rows are then fetched.
   */
  app.get("/api/v2/posts", async (c) => {
    const page = intParam(c.req.query("page"), "page", PAGE_DEFAULT)
    const per = intParam(c.req.query("per"), "per", PER_PAGE_DEFAULT, PER_PAGE_MAX)
    const sourceId = c.req.query("source_id") ? intParam(c.req.query("source_id"), "source_id", 0) : null
    const feed = () => {
      const base = k.selectFrom("posts").where("published", "=", 1)
      return sourceId !== null ? base.where("source_id", "=", sourceId) : base
    }
    const { total } = await feed().select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow()
    const totalCount = Number(total)
    const totalPages = Math.max(1, Math.ceil(totalCount / per))
    const offset = (page - 1) * per
    let ids: number[] = []
    if (offset < totalCount) {
      const fromEnd = totalCount - offset - per
      if (fromEnd > offset || fromEnd < 0) {
        const rows = await feed().select("id").orderBy("date", "desc").orderBy("id", "desc").limit(per).offset(offset).execute()
        ids = rows.map((r) => r.id)
      } else {
        // Nearer the end: the same rows read from the oldest side, then turned around.
        const rows = await feed().select("id").orderBy("date", "asc").orderBy("id", "asc").limit(per).offset(fromEnd).execute()
        ids = rows.map((r) => r.id).reverse()
      }
    }
    const rows = ids.length
      ? await k
          .selectFrom("posts")
          .leftJoin("post_sources", "post_sources.id", "posts.source_id")
          .select(["posts.id", "posts.title", "posts.date", "posts.announce", "posts.image", "post_sources.id as source_id", "post_sources.name as source_name", "post_sources.url as source_url"])
          .where("posts.id", "in", ids)
          .execute()
      : []
    const byId = new Map(rows.map((r) => [r.id, r]))
    const data = ids.flatMap((id) => {
      const r = byId.get(id)
      if (!r) return []
      return [
        {
          id: String(r.id),
          type: "post",
          attributes: {
            title: r.title,
            date: r.date,
            preview: previewText(r.announce),
            image: storedFile(r.image),
            source: r.source_id !== null ? { id: String(r.source_id), name: r.source_name ?? "", url: r.source_url ?? "" } : null,
          },
        },
      ]
    })
    return c.json({ data, meta: { total_pages: totalPages, total_count: totalCount, page, per } })
  })

  app.get("/api/v2/posts/:id", async (c) => {
    const r = await k
      .selectFrom("posts")
      .leftJoin("post_sources", "post_sources.id", "posts.source_id")
      .select(["posts.id", "posts.title", "posts.date", "posts.announce", "posts.body", "posts.image", "post_sources.id as source_id", "post_sources.name as source_name", "post_sources.url as source_url"])
      .where("posts.id", "=", idParam(c))
      .where("posts.published", "=", 1)
      .executeTakeFirst()
    if (!r) throw notFound()
    return c.json({
      data: {
        id: String(r.id),
        type: "post",
        attributes: {
          title: r.title,
          date: r.date,
          announce: r.announce,
          body: clean(r.body),
          image: storedFile(r.image),
          source: r.source_id !== null ? { id: String(r.source_id), name: r.source_name ?? "", url: r.source_url ?? "" } : null,
        },
      },
    })
  })

  /**
   * The spec's `GET /api/v2/documents/{type}/`: published EP documents of a kind (the values of
   * EP_DOC_KINDS), or `ep_docs` for every kind; by position. `partner` adds that partner's own
   * documents to the general ones (`/{partner}_clients/docs`); without it, only the general ones.
   * The revoked types are answered before this route (server/routes/documents.ts). Any other type is a 404.
   */
  // The spec's {type}, named `:id` as every record-like last segment of the API (the access matrix reads them so).
  app.get("/api/v2/documents/:id", async (c) => {
    const type = c.req.param("id")
    if (type !== DOCUMENT_TYPE_ALL && !DOCUMENT_KINDS.has(type)) throw notFound()
    const partner = (c.req.query("partner") ?? "").trim()
    let query = k
      .selectFrom("ep_docs")
      .select(["id", "title", "kind", "file", "link", "partner", "position"])
      .where("published", "=", 1)
      .where("kind", "!=", EP_DOC_LINK_KIND)
      .orderBy("position")
      .orderBy("id")
    if (type !== DOCUMENT_TYPE_ALL) query = query.where("kind", "=", type)
    query = partner ? query.where((eb) => eb.or([eb("partner", "is", null), eb("partner", "=", partner)])) : query.where("partner", "is", null)
    const rows = await query.execute()
    const data: EpDocResource[] = rows
      .map((r) => ({
        id: String(r.id),
        type: "ep_doc" as const,
        attributes: { title: r.title, kind: r.kind, file: storedFile(r.file), link: r.link, partner: r.partner, position: r.position },
      }))
      .filter((d) => d.attributes.file !== null || d.attributes.link)
    return c.json({ data, meta: { total_pages: 1, total_count: data.length } })
  })

  /** The banners of a path (`url`) today: active, within their period, their pattern covering the path; by position. */
  const bannersOf = async (raw: string): Promise<PageBannerResource[]> => {
    const path = contentPath(raw)
    const today = moscowToday()
    const rows = await k
      .selectFrom("page_banners")
      .select(["id", "title", "page_url", "image", "link"])
      .where("active", "=", 1)
      .where((eb) => eb.or([eb("starts_on", "is", null), eb("starts_on", "<=", today)]))
      .where((eb) => eb.or([eb("ends_on", "is", null), eb("ends_on", ">=", today)]))
      .orderBy("position")
      .orderBy("id")
      .execute()
    return rows.flatMap((r) => {
      const image = storedFile(r.image)
      if (!image || !pathMatches(r.page_url, path)) return []
      return [{ id: String(r.id), type: "page_banner" as const, attributes: { title: r.title, image, link: r.link } }]
    })
  }

  /** A path's meta tags (`url`): null when the CRM sets none for it. */
  const settingsOf = async (raw: string): Promise<PageSettingResource | null> => {
    const r = await k
      .selectFrom("page_settings")
      .select(["id", "url", "meta_title", "meta_description", "meta_keywords"])
      .where("url", "in", pathForms(raw))
      .orderBy("url")
      .executeTakeFirst()
    return r ? { id: String(r.id), type: "page_setting", attributes: { url: r.url, meta_title: r.meta_title, meta_description: r.meta_description, meta_keywords: r.meta_keywords } } : null
  }

  app.get("/api/v2/page_banners", async (c) => c.json({ data: await bannersOf(c.req.query("url") ?? "/"), meta: { total_pages: 1 } }))
  app.get("/api/v2/page_settings", async (c) => c.json({ data: await settingsOf(c.req.query("url") ?? "/") }))
  /** Both for one path in one call: what every site page loads with its own data. */
  app.get("/api/v2/page_meta", async (c) => {
    const url = c.req.query("url") ?? "/"
    const [settings, banners] = await Promise.all([settingsOf(url), bannersOf(url)])
    return c.json({ data: { settings, banners } })
  })
}
