import { describe, expect, it } from "vitest"
import { call, errorsOf, uniq } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

interface Marked {
  text: string
  marks: [number, number][]
}
interface Hit {
  kind: string
  kind_label: string
  id: string
  url: string
  title: Marked
  snippet: Marked
}
interface Found {
  data: Hit[]
  meta: { total: number; page: number; per: number; q: string }
}

const api = serverWithAdmin()

const search = (q: string, page?: number) =>
  call<Found>(api.url, "GET", `/api/v2/search/?q=${encodeURIComponent(q)}${page === undefined ? "" : `&page=${page}`}`)
/** A word no seeded text holds (letters and digits), so a query finds only this test's rows. */
const tag = () => `zq${uniq()}`
const at = () => new Date().toISOString()

async function page(title: string, body: string, published: 0 | 1 = 1) {
  const url = `/test-${uniq()}`
  const row = await api.db().kysely
    .insertInto("pages")
    .values({ title, url, body, published, created_at: at(), updated_at: at() })
    .returning("id")
    .executeTakeFirstOrThrow()
  return { id: row.id, url }
}
async function rubric() {
  const r = await api.db().kysely
    .insertInto("faq_rubrics")
    .values({ name: `Рубрика ${uniq()}`, slug: `r-${uniq()}`, position: 0, created_at: at(), updated_at: at() })
    .returning("id")
    .executeTakeFirstOrThrow()
  return r.id
}

describe("GET /api/v2/search/", () => {
  it("finds Russian word forms: 'подписи' finds a page with 'подпись', and the other way round", async () => {
    const t = tag()
    const p = await page(`Как получить подпись ${t}`, `<p>Квалифицированная электронная <b>подпись</b> для торгов. ${t}</p>`)
    for (const q of [`подписи ${t}`, `подпись ${t}`, `Подписью ${t}`]) {
      const a = await search(q)
      expect(a.status, q).toBe(200)
      expect(a.body.data.map((h) => h.url), q).toEqual([p.url])
    }
    const [hit] = (await search(`подписи ${t}`)).body.data
    expect(hit).toMatchObject({ kind: "page", kind_label: "Страница", id: String(p.id), url: p.url })
    expect(hit!.title.text).toBe(`Как получить подпись ${t}`)
    // The marks point at the query's words in the plain text.
    expect(hit!.title.marks.map(([s, e]) => hit!.title.text.slice(s, e))).toEqual(["подпись", t])
    expect(hit!.snippet.text).toBe(`Квалифицированная электронная подпись для торгов. ${t}`)
  })

  it("'сертификатов' finds a FAQ question, an article and a news post with 'сертификат', labelled by kind", async () => {
    const t = tag()
    const rubricId = await rubric()
    const q = await api.db().kysely
      .insertInto("faq_questions")
      .values({ rubric_id: rubricId, question: `Где скачать сертификат? ${t}`, answer: "<p>В личном кабинете.</p>", position: 0, published: 1, created_at: at(), updated_at: at() })
      .returning("id")
      .executeTakeFirstOrThrow()
    const article = await api.db().kysely
      .insertInto("faq_articles")
      .values({ rubric_id: rubricId, title: `Установка ${t}`, body: "<p>Установите корневой сертификат удостоверяющего центра.</p>", published: 1, created_at: at(), updated_at: at() })
      .returning("id")
      .executeTakeFirstOrThrow()
    const post = await api.db().kysely
      .insertInto("posts")
      .values({ title: `Новости ${t}`, date: "2026-03-01", announce: "Коротко.", body: "<p>Изменился порядок выдачи сертификатов.</p>", published: 1, created_at: at(), updated_at: at() })
      .returning("id")
      .executeTakeFirstOrThrow()
    const a = await search(`сертификатов ${t}`)
    expect(a.status).toBe(200)
    expect(a.body.meta).toMatchObject({ total: 3, page: 1, per: 20 })
    const byKind = Object.fromEntries(a.body.data.map((h) => [h.kind, h]))
    expect(byKind.faq_question).toMatchObject({ kind_label: "Вопрос", url: `/faq#question-${q.id}` })
    expect(byKind.faq_article).toMatchObject({ kind_label: "Статья", url: `/faq/articles/${article.id}` })
    expect(byKind.post).toMatchObject({ kind_label: "Новость", url: `/posts/${post.id}` })
    expect(byKind.post!.snippet.marks.map(([s, e]) => byKind.post!.snippet.text.slice(s, e))).toContain("сертификатов")
  })

  it("never finds unpublished content; a change is found right after it is saved, a delete is gone at once", async () => {
    const t = tag()
    const p = await page(`Черновик ${t}`, "<p>Ещё не готово.</p>", 0)
    expect((await search(t)).body.data).toEqual([])
    await api.db().kysely.updateTable("pages").set({ published: 1, updated_at: at() }).where("id", "=", p.id).execute()
    expect((await search(t)).body.data.map((h) => h.url)).toEqual([p.url])
    await api.db().kysely.updateTable("pages").set({ title: `Новая редакция ${t}`, updated_at: at() }).where("id", "=", p.id).execute()
    expect((await search(`редакции ${t}`)).body.data.map((h) => h.title.text)).toEqual([`Новая редакция ${t}`])
    await api.db().kysely.updateTable("pages").set({ published: 0, updated_at: at() }).where("id", "=", p.id).execute()
    expect((await search(t)).body.data).toEqual([])
    await api.db().kysely.updateTable("pages").set({ published: 1, updated_at: at() }).where("id", "=", p.id).execute()
    await api.db().kysely.deleteFrom("pages").where("id", "=", p.id).execute()
    expect((await search(t)).body.data).toEqual([])
  })

  it("answers plain text: a script or an event handler in the content never reaches a result", async () => {
    const t = tag()
    await page(`<script>alert("title")</script> Заголовок ${t}`, `<p>Текст ${t}</p><script>alert("body")</script><img src=x onerror="alert(1)"><p>&lt;b&gt;не тег&lt;/b&gt;</p>`)
    const a = await search(t)
    const [hit] = a.body.data
    expect(hit!.snippet.text).toBe(`Текст ${t} <b>не тег</b>`)
    expect(a.text).not.toContain('alert(\\"body\\")')
    expect(a.text).not.toContain("onerror")
    // The title is the stored plain text (the CRM stores titles as text; the page renders them escaped).
    expect(hit!.title.text).toContain("Заголовок")
  })

  it("cuts a long text to a snippet of at most 160 characters around the first match", async () => {
    const t = tag()
    const filler = "Слово без совпадений. ".repeat(30)
    await page(`Длинная страница ${t}`, `<p>${filler}Здесь про ключи электронной подписи. ${filler}</p>`)
    const [hit] = (await search(`ключ ${t}`)).body.data
    expect(hit!.snippet.text.length).toBeLessThanOrEqual(160)
    expect(hit!.snippet.text).toMatch(/^…/)
    expect(hit!.snippet.text).toContain("ключи электронной подписи")
  })

  it("pages through the results", async () => {
    const t = tag()
    for (let i = 0; i < 22; i++) await page(`Страница ${i} ${t}`, `<p>Текст ${t}</p>`)
    const first = await search(t)
    const second = await search(t, 2)
    expect(first.body.meta.total).toBe(22)
    expect(first.body.data).toHaveLength(20)
    expect(second.body.data).toHaveLength(2)
    expect(new Set([...first.body.data, ...second.body.data].map((h) => h.id)).size).toBe(22)
  })

  it("refuses an empty or too long query and a bad page with 422 and Russian messages", async () => {
    expect(errorsOf(await search(""))).toEqual({ q: ["Введите, что найти"] })
    expect(errorsOf(await search("   "))).toEqual({ q: ["Введите, что найти"] })
    expect(errorsOf(await search("а".repeat(201)))).toEqual({ q: ["Введите не более 200 символов."] })
    const bad = await call(api.url, "GET", "/api/v2/search/?q=подпись&page=0")
    expect(bad.status).toBe(422)
    expect(errorsOf(bad)).toEqual({ page: ["Укажите только цифры"] })
    // Punctuation only: no word to look for, nothing found (not an error).
    const none = await search("«—!»")
    expect(none.status).toBe(200)
    expect(none.body.data).toEqual([])
  })
})
