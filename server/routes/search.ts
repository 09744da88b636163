import type { Hono } from "hono"
import { SEARCH_PER_PAGE, SEARCH_QUERY_MAX } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { unprocessable } from "../lib/http.ts"
import { searchSite } from "../services/search.ts"

const PAGE_MAX = 1000

/**
 * Site search: `GET /api/v2/search/?q=&page=` over published pages, FAQ questions and articles and
 * news (docs/search.md). Answers `{ data: [{ kind, kind_label, title, url, snippet }], meta: { total,
 * page, per, q } }`, where title and snippet are plain text `{ text, marks }` (`marks`: [start, end)
 * spans of the query's words, for the page to wrap in <mark>). An empty or too long `q`, or a page
 * that is no whole number from 1 on, is a 422.
 */
export function searchRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.get("/api/v2/search", async (c) => {
    const q = (c.req.query("q") ?? "").trim()
    const rawPage = c.req.query("page") ?? "1"
    const errors: FieldErrors = {}
    if (!q) errors.q = [messages.search.queryEmpty]
    else if (q.length > SEARCH_QUERY_MAX) errors.q = [messages.validation.maxLength(SEARCH_QUERY_MAX)]
    if (!/^[1-9]\d{0,3}$/.test(rawPage) || Number(rawPage) > PAGE_MAX) errors.page = [messages.validation.numeric]
    if (Object.keys(errors).length > 0) throw unprocessable(errors)
    const page = Number(rawPage)
    const { total, hits } = await searchSite(deps.db, q, (page - 1) * SEARCH_PER_PAGE, SEARCH_PER_PAGE)
    return c.json({
      data: hits.map((h) => ({ kind: h.kind, kind_label: messages.search.kinds[h.kind], id: String(h.id), url: h.url, title: h.title, snippet: h.snippet })),
      meta: { total, page, per: SEARCH_PER_PAGE, q },
    })
  })
}
