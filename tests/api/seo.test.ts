import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import { SITEMAP_PATHS } from "../../schemas/routes.ts"
import { call, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

const SITE = "https://uc.example.ru"
const api = serverWithAdmin({ env: { SITE_URL: SITE } })

const at = (iso = new Date().toISOString()) => iso
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!)
const entryOf = (xml: string, loc: string) => new RegExp(`<url><loc>${loc.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</loc><lastmod>(\\d{4}-\\d{2}-\\d{2})</lastmod></url>`).exec(xml)?.[1]

describe("GET /robots.txt", () => {
  it("answers the CRM's text as text/plain, naming the sitemap unless it does; without one, the default that names the sitemap", async () => {
    const before = await api.db().kysely.selectFrom("robots").selectAll().execute()
    try {
      const text = `User-agent: *\nDisallow: /secret-${uniq()}`
      if (before.length > 0) await api.db().kysely.updateTable("robots").set({ content: text }).execute()
      else await api.db().kysely.insertInto("robots").values({ content: text, created_at: at(), updated_at: at() }).execute()
      const a = await call(api.url, "GET", "/robots.txt")
      expect(a.status).toBe(200)
      expect(a.headers.get("content-type")).toMatch(/^text\/plain; charset=utf-8/i)
      expect(a.text).toBe(`${text}\n\nSitemap: ${SITE}/sitemap.xml\n`)
      const named = `User-agent: *\nDisallow: /x\n\nSitemap: https://elsewhere.example/map.xml`
      await api.db().kysely.updateTable("robots").set({ content: named }).execute()
      expect((await call(api.url, "GET", "/robots.txt")).text).toBe(`${named}\n`)
      await api.db().kysely.updateTable("robots").set({ content: "  " }).execute()
      const d = await call(api.url, "GET", "/robots.txt")
      expect(d.text).toContain("Disallow: /crm")
      expect(d.text).toContain(`Sitemap: ${SITE}/sitemap.xml`)
    } finally {
      await api.db().kysely.deleteFrom("robots").execute()
      if (before.length > 0) await api.db().kysely.insertInto("robots").values(before).execute()
    }
  })
})

describe("GET /sitemap.xml", () => {
  it("lists every public route, published pages, region pages, FAQ articles and news with lastmod, absolute and escaped", async () => {
    const t = uniq()
    const page = await api.db().kysely
      .insertInto("pages")
      .values({ title: "Тест", url: `/landing-${t}`, body: "<p>x</p>", published: 1, created_at: at(), updated_at: "2026-02-03T10:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow()
    await api.db().kysely.insertInto("pages").values({ title: "Черновик", url: `/draft-${t}`, body: "", published: 0, created_at: at(), updated_at: at() }).execute()
    const post = await api.db().kysely
      .insertInto("posts")
      .values({ title: "Новость", date: "2026-01-01", announce: "", body: "", published: 1, created_at: at(), updated_at: "2026-01-05T23:59:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow()
    const hidden = await api.db().kysely
      .insertInto("posts")
      .values({ title: "Скрытая", date: "2026-01-01", announce: "", body: "", published: 0, created_at: at(), updated_at: at() })
      .returning("id")
      .executeTakeFirstOrThrow()
    const rubric = await api.db().kysely
      .insertInto("faq_rubrics")
      .values({ name: `Рубрика ${t}`, slug: `r-${t}`, position: 0, created_at: at(), updated_at: at() })
      .returning("id")
      .executeTakeFirstOrThrow()
    const article = await api.db().kysely
      .insertInto("faq_articles")
      .values({ rubric_id: rubric.id, title: "Статья", body: "", published: 1, created_at: at(), updated_at: "2026-03-04T00:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow()
    const city = await api.db().kysely.insertInto("cities").values({ name: "Тестовск", slug: `testovsk-${t}`, created_at: at(), updated_at: "2026-04-05T00:00:00.000Z" }).returning("slug").executeTakeFirstOrThrow()

    const a = await call(api.url, "GET", "/sitemap.xml")
    expect(a.status).toBe(200)
    expect(a.headers.get("content-type")).toBe("application/xml; charset=utf-8")
    expect(a.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
    expect(a.text.trimEnd().endsWith("</urlset>")).toBe(true)
    const all = locs(a.text)
    for (const path of SITEMAP_PATHS) expect(all, path).toContain(`${SITE}${path}`)
    expect(new Set(all).size).toBe(all.length)
    expect(entryOf(a.text, `${SITE}/landing-${t}`)).toBe("2026-02-03")
    expect(entryOf(a.text, `${SITE}/posts/${post.id}`)).toBe("2026-01-05")
    expect(entryOf(a.text, `${SITE}/faq/articles/${article.id}`)).toBe("2026-03-04")
    expect(entryOf(a.text, `${SITE}/${city.slug}`)).toBe("2026-04-05")
    expect(all).not.toContain(`${SITE}/draft-${t}`)
    expect(all).not.toContain(`${SITE}/posts/${hidden.id}`)
    expect(all).not.toContain(`${SITE}/search`)
    // Every entry has a lastmod, every address is absolute.
    expect(a.text.match(/<url>/g)!.length).toBe(a.text.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)!.length)
    expect(all.every((l) => l.startsWith(`${SITE}/`))).toBe(true)
    await api.db().kysely.deleteFrom("pages").where("id", "=", page.id).execute()
  })

  it("escapes what XML needs and percent-encodes Cyrillic in an address", async () => {
    const t = uniq()
    await api.db().kysely.insertInto("pages").values({ title: "Акция", url: `/акция-${t}?a=1&b='2'`, body: "", published: 1, created_at: at(), updated_at: at() }).execute()
    const a = await call(api.url, "GET", "/sitemap.xml")
    expect(a.text).toContain(`<loc>${SITE}/%D0%B0%D0%BA%D1%86%D0%B8%D1%8F-${t}?a=1&amp;b=&apos;2&apos;</loc>`)
    expect(a.text).not.toMatch(/&(?!amp;|apos;|quot;|lt;|gt;)/)
    await api.db().kysely.deleteFrom("pages").where("url", "=", `/акция-${t}?a=1&b='2'`).execute()
  })

  it("over 50,000 addresses becomes a sitemap index of files of at most 50,000", async () => {
    const before = await call(api.url, "GET", "/sitemap.xml")
    const have = locs(before.text).length
    const add = 50_001 - have + 10
    const marker = `bulk-${uniq()}`
    const now = at()
    await sql`insert into posts (title, date, announce, body, published, created_at, updated_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${add})
      select ${marker}, '2026-01-01', '', '', 1, ${now}, ${now} from n`.execute(api.db().kysely)
    try {
      const index = await call(api.url, "GET", "/sitemap.xml")
      expect(index.headers.get("content-type")).toBe("application/xml; charset=utf-8")
      expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
      expect(locs(index.text)).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`])
      const first = await call(api.url, "GET", "/sitemap-1.xml")
      const second = await call(api.url, "GET", "/sitemap-2.xml")
      const one = locs(first.text)
      const two = locs(second.text)
      expect(one).toHaveLength(50_000)
      expect(one.length + two.length).toBe(have + add)
      expect(new Set([...one, ...two]).size).toBe(have + add)
      expect(one[0]).toBe(`${SITE}/`)
      expect((await call(api.url, "GET", "/sitemap-3.xml")).status).toBe(404)
    } finally {
      await api.db().kysely.deleteFrom("posts").where("title", "=", marker).execute()
    }
    expect((await call(api.url, "GET", "/sitemap-1.xml")).status).toBe(404)
  }, 60_000)
})
