import type { Context, Hono } from "hono"
import { stream } from "hono/streaming"
import type { AppEnv, Deps } from "../lib/env.ts"
import { planSitemap, sitemapIndexOf, sitemapSources, urlsetOf } from "../services/sitemap.ts"

/** robots.txt when the CRM has none: the admin area, the account, the API and the search's result pages stay out. */
export const defaultRobots = (siteUrl: string) =>
  ["User-agent: *", "Disallow: /crm", "Disallow: /admin_users", "Disallow: /account", "Disallow: /api/", "Disallow: /search", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join("\n")

/**
 * The CRM's text names the sitemap on SITE_URL unless it names one itself: the stored text never has to
 * know the site's address (the migration's first record does not), and a moved site keeps a right one.
 */
const withSitemap = (text: string, siteUrl: string) => (/^sitemap:/im.test(text) ? text : `${text}\nSitemap: ${siteUrl}/sitemap.xml\n`)

const XML = "application/xml; charset=utf-8"

/**
 * `GET /robots.txt`: the text of the CRM's robots record ('Маркетинг → Robots') with the sitemap's
 * line when it has none, or the default.
 * `GET /sitemap.xml`: every public page (docs/search.md): the parameterless routes, published CRM
 * pages, region pages, FAQ articles and news, with absolute addresses on SITE_URL and each one's
 * lastmod; streamed in batches. Over 50,000 addresses it is a sitemap index of `/sitemap-{n}.xml`.
 */
export function seoRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const { db, config } = deps
  const sources = sitemapSources(config.distDir)

  app.get("/robots.txt", async (c) => {
    const row = await db.kysely.selectFrom("robots").select("content").orderBy("id").limit(1).executeTakeFirst()
    const text = row?.content.trim() ? withSitemap(row.content.replace(/\r\n/g, "\n").replace(/\n*$/, "\n"), config.siteUrl) : defaultRobots(config.siteUrl)
    c.header("Cache-Control", "public, max-age=300")
    return c.text(text)
  })

  const urlset = async (c: Context<AppEnv>, n: number) => {
    const plan = await planSitemap(db, sources)
    if (n === 0 && plan.files > 1) {
      c.header("Content-Type", XML)
      return c.body(sitemapIndexOf(plan, config.siteUrl, new Date().toISOString().slice(0, 10)))
    }
    const file = Math.max(0, n - 1)
    if (n > 0 && (plan.files === 1 || n > plan.files)) return c.notFound()
    c.header("Content-Type", XML)
    c.header("Cache-Control", "public, max-age=300")
    return stream(c, async (out) => {
      for await (const chunk of urlsetOf(db, sources, plan, file, config.siteUrl)) await out.write(chunk)
    })
  }
  app.get("/sitemap.xml", (c) => urlset(c, 0))
  app.get("/:file{sitemap-[0-9]+\\.xml}", (c) => urlset(c, Number(/\d+/.exec(c.req.path)![0])))
}
