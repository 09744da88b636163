import { extractText, getDocumentProxy } from "unpdf"
import { describe, expect, it } from "vitest"
import { moscowToday } from "../../schemas/dates.ts"
import type { EpDocResource, FaqRubricResource, PageBannerResource, PostListAnswer, PostResource } from "../../schemas/entities/content.ts"
import { DEMO_REQUISITES } from "../../server/db/seed/requisites.ts"
import { call, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * The public content API (server/routes/content.ts) on a seeded server: rows the CRM would write are
 * inserted straight into the same database (SQLite here, PostgreSQL in CI), so the published and
 * unpublished cases do not depend on the CRM's own routes.
 */
const api = serverWithAdmin()
const at = new Date().toISOString()
const get = <T,>(path: string) => call<T>(api.url, "GET", path)
const day = (offset: number) => moscowToday(Date.now() + offset * 86_400_000)

describe("GET /api/v2/pages/?url=", () => {
  it("answers a published page by its URL, with or without the slashes, its body sanitized", async () => {
    const a = await get<{ data: { type: string; attributes: { title: string; body: string; url: string } } }>("/api/v2/pages/?url=/about_company/")
    expect(a.status).toBe(200)
    expect(a.body.data.type).toBe("page")
    expect(a.body.data.attributes.title).toBe("О компании")
    expect(a.body.data.attributes.body).toContain("удостоверяющий центр")
    expect((await get("/api/v2/pages/?url=about_company")).status).toBe(200)
  })

  it("is 404 for a page not published or missing, 422 without url", async () => {
    const url = `/draft-${uniq()}`
    await api.db().kysely.insertInto("pages").values({ url, title: "Черновик", body: "<p>текст</p>", published: 0, created_at: at, updated_at: at }).execute()
    expect((await get(`/api/v2/pages/?url=${url}/`)).status).toBe(404)
    expect((await get(`/api/v2/pages/?url=/nope-${uniq()}/`)).status).toBe(404)
    const none = await get<{ errors: Record<string, string[]> }>("/api/v2/pages/")
    expect(none.status).toBe(422)
    expect(none.body.errors.url?.[0]).toBeTruthy()
  })

  it("never answers a script, even from a row written around the CRM", async () => {
    const url = `/xss-${uniq()}`
    const payload = `<p>ok</p><script>window.__pwned=1</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>`
    await api.db().kysely.insertInto("pages").values({ url, title: "X", body: payload, published: 1, created_at: at, updated_at: at }).execute()
    const a = await get<{ data: { attributes: { body: string } } }>(`/api/v2/pages/?url=${url}`)
    expect(a.status).toBe(200)
    expect(a.body.data.attributes.body).toContain("<p>ok</p>")
    expect(a.body.data.attributes.body).not.toMatch(/script|onerror|javascript:/i)
  })
})

describe("GET /api/v2/faq/", () => {
  it("answers rubrics with published questions only, and their articles", async () => {
    const rubric = await api.db().kysely.selectFrom("faq_rubrics").select("id").where("slug", "=", "tokens").executeTakeFirstOrThrow()
    const hidden = `Скрытый вопрос ${uniq()}`
    await api.db().kysely.insertInto("faq_questions").values({ rubric_id: rubric.id, question: hidden, answer: "<p>нет</p>", position: 1, published: 0, created_at: at, updated_at: at }).execute()
    const a = await get<{ data: FaqRubricResource[] }>("/api/v2/faq/")
    expect(a.status).toBe(200)
    expect(a.body.data.length).toBeGreaterThanOrEqual(4)
    const questions = a.body.data.flatMap((r) => r.attributes.questions)
    expect(questions.length).toBeGreaterThanOrEqual(15)
    expect(questions.map((q) => q.question)).not.toContain(hidden)
    expect(a.body.data.flatMap((r) => r.attributes.articles).length).toBeGreaterThanOrEqual(3)
  })

  it("filters by q in any case, Cyrillic included, and drops rubrics left empty", async () => {
    const a = await get<{ data: FaqRubricResource[] }>(`/api/v2/faq/?q=${encodeURIComponent("ТОКЕН")}`)
    expect(a.status).toBe(200)
    const questions = a.body.data.flatMap((r) => r.attributes.questions)
    expect(questions.length).toBeGreaterThan(0)
    for (const q of questions) expect(`${q.question} ${q.answer}`.toLowerCase()).toContain("токен")
    const none = await get<{ data: FaqRubricResource[] }>(`/api/v2/faq/?q=${uniq()}${uniq()}`)
    expect(none.body.data).toEqual([])
    expect((await get(`/api/v2/faq/?q=${"я".repeat(256)}`)).status).toBe(422)
  })

  it("answers a published article, 404 for an unpublished one", async () => {
    const faq = await get<{ data: FaqRubricResource[] }>("/api/v2/faq/")
    const article = faq.body.data.flatMap((r) => r.attributes.articles)[0]!
    const a = await get<{ data: { attributes: { title: string; body: string; rubric: { name: string } } } }>(`/api/v2/faq/articles/${article.id}/`)
    expect(a.status).toBe(200)
    expect(a.body.data.attributes.title).toBe(article.title)
    expect(a.body.data.attributes.rubric.name).toBeTruthy()
    const rubric = await api.db().kysely.selectFrom("faq_rubrics").select("id").executeTakeFirstOrThrow()
    const draft = await api.db().kysely.insertInto("faq_articles").values({ rubric_id: rubric.id, title: "Черновик", body: "<p>x</p>", published: 0, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
    expect((await get(`/api/v2/faq/articles/${draft.id}/`)).status).toBe(404)
    expect((await get("/api/v2/faq/articles/abc/")).status).toBe(404)
  })
})

describe("GET /api/v2/posts/", () => {
  it("pages the published feed, newest first, with meta; cuts previews over 160 characters to 150 + '…'", async () => {
    const source = await api.db().kysely.insertInto("post_sources").values({ name: `Источник ${uniq()}`, url: "https://example.org", created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
    const long = "Длинный анонс новости. ".repeat(12)
    const rows = Array.from({ length: 30 }, (_, i) => ({
      title: `Пакет ${i}`,
      date: day(-400 - i),
      source_id: source.id,
      announce: i === 0 ? long : `Короткий анонс ${i}`,
      body: "<p>текст</p>",
      published: 1 as const,
      created_at: at,
      updated_at: at,
    }))
    await api.db().kysely.insertInto("posts").values(rows).execute()
    await api.db().kysely.insertInto("posts").values({ ...rows[0]!, title: "Неопубликованная", date: day(0), published: 0 }).execute()

    const bySource = await get<PostListAnswer>(`/api/v2/posts/?source_id=${source.id}`)
    expect(bySource.status).toBe(200)
    expect(bySource.body.meta).toMatchObject({ total_pages: 2, total_count: 30, page: 1, per: 25 })
    expect(bySource.body.data).toHaveLength(25)
    expect(bySource.body.data.map((p) => p.attributes.title)).not.toContain("Неопубликованная")
    const first = bySource.body.data[0]!.attributes
    expect(first.title).toBe("Пакет 0")
    expect(Array.from(first.preview)).toHaveLength(151)
    expect(first.preview.endsWith("…")).toBe(true)
    expect(first.source?.id).toBe(String(source.id))
    expect(bySource.body.data[1]!.attributes.preview).toBe("Короткий анонс 1")
    const dates = bySource.body.data.map((p) => p.attributes.date)
    expect([...dates].sort().reverse()).toEqual(dates)

    const last = await get<PostListAnswer>(`/api/v2/posts/?source_id=${source.id}&page=2`)
    expect(last.body.data.map((p) => p.attributes.title)).toEqual(["Пакет 25", "Пакет 26", "Пакет 27", "Пакет 28", "Пакет 29"])
    const beyond = await get<PostListAnswer>(`/api/v2/posts/?source_id=${source.id}&page=9`)
    expect(beyond.body.data).toEqual([])

    const all = await get<PostListAnswer>("/api/v2/posts/?per=5")
    expect(all.body.meta.per).toBe(5)
    expect(all.body.meta.total_count).toBeGreaterThanOrEqual(40)
    expect(all.body.data.map((p) => p.attributes.title)).not.toContain("Неопубликованная")
    expect((await get("/api/v2/posts/?page=0")).status).toBe(422)
    expect((await get("/api/v2/posts/?per=abc")).status).toBe(422)
  })

  it("answers a published post with its source and body, 404 for an unpublished one", async () => {
    const list = await get<PostListAnswer>("/api/v2/posts/")
    const withSource = list.body.data.find((p) => p.attributes.source)!
    const a = await get<{ data: PostResource }>(`/api/v2/posts/${withSource.id}/`)
    expect(a.status).toBe(200)
    expect(a.body.data.attributes.body).toContain("<p>")
    expect(a.body.data.attributes.source?.name).toBeTruthy()
    const draft = await api.db().kysely.selectFrom("posts").select("id").where("published", "=", 0).executeTakeFirstOrThrow()
    expect((await get(`/api/v2/posts/${draft.id}/`)).status).toBe(404)
  })

  it("lists the post sources", async () => {
    const a = await get<{ data: { attributes: { name: string } }[] }>("/api/v2/post_sources/")
    expect(a.body.data.map((s) => s.attributes.name)).toContain("ФНС России")
  })
})

describe("GET /api/v2/documents/{type}/", () => {
  it("answers every published document with a file for ep_docs, one kind by its name; footer links are not documents", async () => {
    const all = await get<{ data: EpDocResource[] }>("/api/v2/documents/ep_docs/")
    expect(all.status).toBe(200)
    const kinds = new Set(all.body.data.map((d) => d.attributes.kind))
    expect(kinds.size).toBeGreaterThanOrEqual(4)
    expect(kinds.has("link")).toBe(false)
    const price = await get<{ data: EpDocResource[] }>("/api/v2/documents/price/")
    expect(price.body.data.length).toBeGreaterThan(0)
    for (const d of price.body.data) expect(d.attributes.kind).toBe("price")
    const file = price.body.data[0]!.attributes.file!
    const download = await fetch(api.url + file.url)
    expect(download.status).toBe(200)
    const bytes = Buffer.from(await download.arrayBuffer())
    expect(bytes.length).toBe(file.size)
    expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK")
  })

  it("keeps unpublished documents out, adds a partner's own only with partner=, answers revoked_certificate from the register and an unknown type 404", async () => {
    const file = JSON.stringify({ name: "a.pdf", url: "/uploads/files/0123456789abcdef0123456789abcdef.pdf", size: 10, type: "application/pdf" })
    const hidden = `Скрытый ${uniq()}`
    const partnerDoc = `Для клиентов банка ${uniq()}`
    await api.db().kysely
      .insertInto("ep_docs")
      .values([
        { title: hidden, kind: "other", file, published: 0, position: 1, created_at: at, updated_at: at },
        { title: partnerDoc, kind: "other", file, partner: "sber", published: 1, position: 1, created_at: at, updated_at: at },
      ])
      .execute()
    const general = (await get<{ data: EpDocResource[] }>("/api/v2/documents/other/")).body.data.map((d) => d.attributes.title)
    expect(general).not.toContain(hidden)
    expect(general).not.toContain(partnerDoc)
    const forPartner = (await get<{ data: EpDocResource[] }>("/api/v2/documents/other/?partner=sber")).body.data.map((d) => d.attributes.title)
    expect(forPartner).toContain(partnerDoc)
    expect(forPartner.length).toBeGreaterThan(1)
    // The register's revoked certificates (docs/register.md; the demo seed revokes one and suspends one).
    const revoked = await get<{ data: { type: string }[] }>("/api/v2/documents/revoked_certificate/")
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.length).toBeGreaterThan(0)
    expect(new Set(revoked.body.data.map((d) => d.type))).toEqual(new Set(["revoked_certificate"]))
    expect((await get("/api/v2/documents/nonsense/")).status).toBe(404)
    expect((await get("/api/v2/documents/link/")).status).toBe(404)
  })
})

describe("banners and page settings of a path", () => {
  it("answers active banners within their period whose pattern covers the path", async () => {
    const image = JSON.stringify({ name: "b.png", url: "/uploads/files/0123456789abcdef0123456789abcdef.png", size: 10, type: "image/png" })
    const tag = uniq()
    const base = { image, link: "/buy", position: 1, created_at: at, updated_at: at }
    await api.db().kysely
      .insertInto("page_banners")
      .values([
        { ...base, title: `exact ${tag}`, page_url: `/zone-${tag}`, active: 1 },
        { ...base, title: `prefix ${tag}`, page_url: `/zone-${tag}*`, active: 1, starts_on: day(-1), ends_on: day(1) },
        { ...base, title: `inactive ${tag}`, page_url: `/zone-${tag}`, active: 0 },
        { ...base, title: `ended ${tag}`, page_url: `/zone-${tag}`, active: 1, ends_on: day(-1) },
        { ...base, title: `future ${tag}`, page_url: `/zone-${tag}`, active: 1, starts_on: day(1) },
      ])
      .execute()
    const titles = async (path: string) => (await get<{ data: PageBannerResource[] }>(`/api/v2/page_banners/?url=${encodeURIComponent(path)}`)).body.data.map((b) => b.attributes.title)
    expect(await titles(`/zone-${tag}`)).toEqual([`exact ${tag}`, `prefix ${tag}`])
    expect(await titles(`/zone-${tag}/inner`)).toEqual([`prefix ${tag}`])
    expect(await titles(`/other-${tag}`)).toEqual([])
    expect(await titles("/faq")).toContain("Удалённый выпуск КЭП без визита в офис — если у вас есть действующая КЭП. Оформить заявку")
    // The seeded banners: drawn images with their words as the title (alt), on /faq*, /price and /docs.
    expect(await titles("/price")).toEqual(["Токен и КриптоПро CSP: Рутокен ЭЦП 3.0 и лицензия вместе с сертификатом. Выбрать тариф"])
    expect(await titles("/docs")).toEqual(["Регламент и бланки: как выдаётся сертификат, права и обязанности сторон. Читать регламент"])
  })

  it("the seeded 'Регламент' is the CA's «Порядок реализации функций…» with its key sections and the CA's details", async () => {
    const page = await get<{ data: { attributes: { title: string; body: string } } }>("/api/v2/pages/?url=/reglament/")
    expect(page.status).toBe(200)
    const body = page.body.data.attributes.body
    for (const heading of ["Общие положения", "Термины и определения", "Функции Удостоверяющего центра", "Права и обязанности заявителей", "Создание и выдача сертификата", "Идентификация без личного присутствия", "Прекращение действия, аннулирование", "списка отозванных сертификатов", "Хранение ключей и конфиденциальность", "Стоимость услуг", "Ответственность сторон", "Разрешение споров", "Сведения об Удостоверяющем центре"]) {
      expect(body, heading).toContain(heading)
    }
    expect(body).toContain(`ИНН ${DEMO_REQUISITES.inn}`)
    expect(body).not.toMatch(/демонстрац/i)
    const docs = await get<{ data: EpDocResource[] }>("/api/v2/documents/regulations/")
    const file = docs.body.data.find((d) => d.attributes.file?.type === "application/pdf")?.attributes.file
    expect(file?.name).toBe("Регламент удостоверяющего центра.pdf")
    const bytes = new Uint8Array(await (await fetch(api.url + file!.url)).arrayBuffer())
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true })
    expect(text.replace(/\s+/g, " ")).toContain("Порядок реализации функций аккредитованного удостоверяющего центра")
  })

  it("answers a path's meta tags, null when none is set", async () => {
    const faq = await get<{ data: { attributes: { meta_title: string; meta_description: string } } | null }>("/api/v2/page_settings/?url=/faq/")
    expect(faq.body.data?.attributes.meta_title).toBe("Вопросы и ответы об электронной подписи")
    const none = await get<{ data: null }>(`/api/v2/page_settings/?url=/none-${uniq()}`)
    expect(none.status).toBe(200)
    expect(none.body.data).toBeNull()
    const both = await get<{ data: { settings: { attributes: { meta_title: string } } | null; banners: PageBannerResource[] } }>("/api/v2/page_meta/?url=/faq/articles/1")
    expect(both.body.data.settings).toBeNull()
    expect(both.body.data.banners.map((b) => b.attributes.title)).toEqual(["Удалённый выпуск КЭП без визита в офис — если у вас есть действующая КЭП. Оформить заявку"])
    const faqBoth = await get<{ data: { settings: { attributes: { meta_title: string } } | null } }>("/api/v2/page_meta/?url=/faq")
    expect(faqBoth.body.data.settings?.attributes.meta_title).toBe("Вопросы и ответы об электронной подписи")
  })
})
