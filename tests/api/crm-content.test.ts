import { describe, expect, it } from "vitest"
import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { shortDay } from "../../schemas/dates.ts"
import { call, errorsOf, uniq, type CallOptions, type List, type One } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"
import { fixtures, postMultipart, streamedFile, upload } from "./multipart.ts"

/**
 * The content resources of the CRM (docs/content-resources.md): CRUD, the presets' messages
 * with nothing stored, 401 without a token, rich text sanitized before it is stored, and the CRM's
 * public files (kind and size refused with the spec's messages; only files the server stored).
 */
const v = messages.validation
const api = serverWithAdmin()

const crm = <T = unknown>(method: string, path: string, options: Omit<CallOptions, "token"> = {}) => call<T>(api.url, method, path, { ...options, token: api.adminToken })
const anonymous = <T = unknown>(method: string, path: string, options: Omit<CallOptions, "token"> = {}) => call<T>(api.url, method, path, options)
const count = async (base: string) => (await crm<List>("GET", `${base}/`)).body.meta.total_count!

type Stored = { name: string; url: string; size: number; type: string }
const uploadFile = async (accept: string, filename: string, data: Buffer) =>
  upload<Stored & { errors?: Record<string, string[]> }>(`${api.url}/api/v2/crm/files`, api.adminToken, [
    { name: "accept", data: accept },
    { name: "file", filename, data },
  ])

const newRubric = async () => {
  const tag = uniq()
  const a = await crm<One>("POST", "/api/v2/crm/faq/rubrics", { json: { faq_rubric: { name: `Рубрика ${tag}`, slug: `r-${tag}`, position: 1 } } })
  return Number(a.body.data.id)
}
const newSource = async () => {
  const a = await crm<One>("POST", "/api/v2/crm/post/sources", { json: { post_source: { name: `ФНС ${uniq()}`, url: "https://www.nalog.gov.ru" } } })
  return Number(a.body.data.id)
}

/** Script-injection payloads of a rich-text field: none may survive the server. */
const PAYLOADS = [
  `<p>Текст<script>alert(1)</script></p>`,
  `<p><img src="/uploads/images/x-0123456789abcdef.png" onerror="alert(1)">Фото</p>`,
  `<p><a href="javascript:alert(1)" onclick="alert(2)">ссылка</a></p>`,
  `<p><svg onload="alert(1)"></svg><iframe src="https://evil.example"></iframe>Ок</p>`,
  `<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">Наведите</p>`,
]
const expectSafe = (html: unknown) => {
  expect(typeof html).toBe("string")
  const s = String(html)
  expect(s).not.toMatch(/<script|<svg|<iframe/i)
  expect(s).not.toMatch(/\son\w+\s*=/i)
  expect(s).not.toMatch(/javascript:/i)
  expect(s).not.toMatch(/style=/i)
}

interface Case {
  readonly base: string
  readonly wrapper: string
  /** A valid body (fresh per call: unique columns). */
  readonly valid: () => Promise<Record<string, unknown>>
  /** Attributes the answer must carry for `valid` (besides the sent ones). */
  readonly html: readonly string[]
  /** A bad body and the errors it answers. */
  readonly bad: () => Promise<ReadonlyArray<readonly [Record<string, unknown>, Record<string, string[]>]>>
  /** A field PATCH changes, and its new value. */
  readonly patch: readonly [string, unknown]
}

const CASES: Readonly<Record<string, Case>> = {
  faq_questions: {
    base: "/api/v2/crm/faq/questions",
    wrapper: "faq_question",
    valid: async () => ({ rubric_id: await newRubric(), question: "Можно ли получить подпись без визита в офис?", answer: "<p>Да, <strong>удалённо</strong>.</p>", position: 2, published: true }),
    html: ["answer"],
    bad: async () => [
      [{}, { rubric_id: [v.required], question: [v.required], answer: [v.required], position: [v.required] }],
      [{ rubric_id: 999999, question: "Вопрос", answer: "<p>Ответ</p>", position: 1 }, { rubric_id: [crmMessages.unknownRubric] }],
      [{ rubric_id: await newRubric(), question: "я".repeat(1001), answer: "<p>Ответ</p>", position: "два" }, { question: [v.maxLength(1000)], position: [v.numeric] }],
      // An answer that is nothing once sanitized is no answer.
      [{ rubric_id: await newRubric(), question: "Вопрос", answer: "<p><script>alert(1)</script></p>", position: 1 }, { answer: [v.required] }],
    ],
    patch: ["position", 9],
  },
  faq_articles: {
    base: "/api/v2/crm/faq/articles",
    wrapper: "faq_article",
    valid: async () => ({ title: "Как установить КриптоПро CSP", rubric_id: await newRubric(), body: "<h2>Шаг 1</h2><p>Скачайте дистрибутив.</p>", published: false }),
    html: ["body"],
    bad: async () => [[{ title: " ", body: "" }, { title: [v.required], rubric_id: [v.required], body: [v.required] }]],
    patch: ["published", true],
  },
  ep_docs: {
    base: "/api/v2/crm/ep_docs",
    wrapper: "ep_doc",
    valid: async () => {
      const file = (await uploadFile("epDocs", "Регламент УЦ.pdf", fixtures.pdf)).body
      return { title: "Регламент удостоверяющего центра", kind: "regulations", file, link: "", partner: "", footer: "document", position: 1, published: true }
    },
    html: [],
    bad: async () => [
      [{}, { title: [v.required], kind: [v.required], position: [v.required] }],
      [{ title: "Документ", kind: "poem", position: 1 }, { kind: [v.select] }],
      [{ title: "Документ", kind: "application", position: 1 }, { file: [v.required] }],
      [{ title: "Ссылка", kind: "link", position: 1, link: "" }, { link: [crmMessages.linkRequired] }],
      [{ title: "Ссылка", kind: "link", position: 1, link: "ftp://x" }, { link: [crmMessages.urlFormat] }],
      [{ title: "Документ", kind: "price", position: 1, footer: "header", partner: "Сбер Банк" }, { footer: [v.select], partner: [crmMessages.partnerFormat] }],
      // Only a file this server stored: not an address of another site, not a private upload.
      [{ title: "Документ", kind: "price", position: 1, file: { name: "a.pdf", url: "https://evil.example/a.pdf" } }, { file: [crmMessages.unknownFile] }],
      [{ title: "Документ", kind: "price", position: 1, file: { name: "a.pdf", url: `/uploads/files/${"0".repeat(32)}.pdf` } }, { file: [crmMessages.unknownFile] }],
      [{ title: "Документ", kind: "price", position: 1, file: { name: "a.exe", url: `/uploads/files/${"0".repeat(32)}.pdf` } }, { file: [v.fileExtension] }],
    ],
    patch: ["footer", null],
  },
  pages: {
    base: "/api/v2/crm/pages",
    wrapper: "page",
    valid: async () => ({ title: "О компании", url: `/about-${uniq()}/`, body: "<p>Удостоверяющий центр с 2004 года.</p>", meta_title: "", meta_description: "Описание", meta_keywords: "", published: true }),
    html: ["body"],
    bad: async () => {
      const taken = `/taken-${uniq()}`
      await crm("POST", "/api/v2/crm/pages", { json: { page: { title: "Занято", url: taken, body: "<p>x</p>" } } })
      return [
        [{}, { title: [v.required], url: [v.required], body: [v.required] }],
        [{ title: "Страница", url: "О нас", body: "<p>x</p>" }, { url: [crmMessages.pagePathFormat] }],
        [{ title: "Страница", url: `${taken}/`, body: "<p>x</p>" }, { url: [crmMessages.duplicatePageUrl] }],
        [{ title: "Страница", url: "/x", body: "<p>x</p>", meta_description: "я".repeat(501) }, { meta_description: [v.maxLength(500)] }],
      ]
    },
    patch: ["title", "Покупка подписи"],
  },
  posts: {
    base: "/api/v2/crm/posts",
    wrapper: "post",
    valid: async () => {
      const image = (await uploadFile("images", "обложка.png", fixtures.png)).body
      return { title: "ФНС выдаёт подписи руководителям", date: "2024-03-15", source_id: await newSource(), announce: "С 1 января 2022 года…", body: "<p>Подробности.</p>", image, published: true }
    },
    html: ["body"],
    bad: async () => [
      [{}, { title: [v.required], date: [v.required], announce: [v.required], body: [v.required] }],
      [{ title: "Новость", date: "2024-02-31", announce: "А", body: "<p>Б</p>" }, { date: [v.generic] }],
      [{ title: "Новость", date: "15.03.2024", announce: "А", body: "<p>Б</p>" }, { date: [v.generic] }],
      [{ title: "Новость", date: "2024-03-15", announce: "А", body: "<p>Б</p>", source_id: 999999 }, { source_id: [crmMessages.unknownSource] }],
    ],
    patch: ["date", "2024-04-01"],
  },
  post_sources: {
    base: "/api/v2/crm/post/sources",
    wrapper: "post_source",
    valid: async () => ({ name: "Минцифры России", url: "https://digital.gov.ru" }),
    html: [],
    bad: async () => [
      [{}, { name: [v.required], url: [v.required] }],
      [{ name: "Минцифры", url: "digital.gov.ru" }, { url: [crmMessages.siteUrlFormat] }],
    ],
    patch: ["name", "Минцифры"],
  },
  page_banners: {
    base: "/api/v2/crm/marketing/page_banners",
    wrapper: "page_banner",
    valid: async () => {
      const image = (await uploadFile("images", "баннер.png", fixtures.png)).body
      return { title: "Скидка на подпись для ИП", page_url: "/faq*", image, link: "/buy", starts_on: "2024-03-01", ends_on: "2024-03-31", position: 1, active: true }
    },
    html: [],
    bad: async () => {
      const image = (await uploadFile("images", "баннер.png", fixtures.png)).body
      return [
        [{}, { title: [v.required], page_url: [v.required], position: [v.required] }],
        [{ title: "Б", page_url: "/faq", position: 1, image: null }, { image: [v.required] }],
        [{ title: "Б", page_url: "faq", image, position: 1 }, { page_url: [crmMessages.bannerPathFormat] }],
        [{ title: "Б", page_url: "/faq", image, position: 1, starts_on: "2024-03-10", ends_on: "2024-03-01" }, { ends_on: [crmMessages.endsBeforeStart] }],
        [{ title: "Б", page_url: "/faq", image: { ...image, name: "баннер.pdf" }, position: 1 }, { image: [v.fileExtension] }],
      ]
    },
    patch: ["active", false],
  },
  page_settings: {
    base: "/api/v2/crm/marketing/page_settings",
    wrapper: "page_setting",
    valid: async () => ({ url: `/moskva-${uniq()}`, meta_title: "Электронная подпись в Москве", meta_description: "Выпуск за 1 день", meta_keywords: "ЭЦП, Москва" }),
    html: [],
    bad: async () => {
      const taken = `/taken-${uniq()}`
      await crm("POST", "/api/v2/crm/marketing/page_settings", { json: { page_setting: { url: taken, meta_title: "Т" } } })
      return [
        [{}, { url: [v.required], meta_title: [v.required] }],
        [{ url: `${taken}/`, meta_title: "Т" }, { url: [crmMessages.duplicatePageSettingUrl] }],
      ]
    },
    patch: ["meta_title", "Подпись в Москве"],
  },
}

describe("CRM content resources", () => {
  for (const [name, c] of Object.entries(CASES)) {
    describe(name, () => {
      it("creates (201), reads, lists, updates with PUT and PATCH, deletes", async () => {
        const sent = await c.valid()
        const a = await crm<One>("POST", `${c.base}/`, { json: { [c.wrapper]: sent } })
        expect(a.status, a.text).toBe(201)
        const id = a.body.data.id
        expect((await crm<One>("GET", `${c.base}/${id}/`)).body).toEqual(a.body)
        const listed = await crm<List>("GET", `${c.base}/?per=100`)
        expect(listed.status, listed.text).toBe(200)
        expect(listed.body.data.map((r) => r.id)).toContain(id)
        const put = await crm<One>("PUT", `${c.base}/${id}`, { json: { [c.wrapper]: { ...sent } } })
        expect(put.status, put.text).toBe(200)
        const [field, value] = c.patch
        const patched = await crm<One>("PATCH", `${c.base}/${id}/`, { json: { [c.wrapper]: { [field]: value } } })
        expect(patched.status, patched.text).toBe(200)
        expect(patched.body.data.attributes[field]).toEqual(value)
        expect((await crm("DELETE", `${c.base}/${id}/`)).status).toBe(204)
        expect((await crm("GET", `${c.base}/${id}/`)).status).toBe(404)
      })

      it("bad input → 422 with the preset's Russian messages, nothing stored", async () => {
        const cases = await c.bad()
        const before = await count(c.base)
        for (const [body, errors] of cases) {
          const a = await crm("POST", c.base, { json: { [c.wrapper]: body } })
          expect(a.status, JSON.stringify(body)).toBe(422)
          expect(errorsOf(a), JSON.stringify(body)).toEqual(errors)
        }
        expect(await count(c.base)).toBe(before)
      })

      it("administrators only: 401 without a token, nothing stored", async () => {
        const before = await count(c.base)
        expect((await anonymous("GET", `${c.base}/`)).status).toBe(401)
        expect((await anonymous("POST", `${c.base}/`, { json: { [c.wrapper]: await c.valid() } })).status).toBe(401)
        expect(await count(c.base)).toBe(before)
      })

      if (c.html.length > 0) {
        it("rich text is sanitized before it is stored: no script, no on* attribute, no javascript: address", async () => {
          for (const payload of PAYLOADS) {
            const body = await c.valid()
            for (const field of c.html) body[field] = payload
            const a = await crm<One>("POST", c.base, { json: { [c.wrapper]: body } })
            expect(a.status, a.text).toBe(201)
            for (const field of c.html) expectSafe(a.body.data.attributes[field])
            const again = await crm<One>("GET", `${c.base}/${a.body.data.id}`)
            for (const field of c.html) expectSafe(again.body.data.attributes[field])
          }
        })
      }
    })
  }
})

describe("POST /api/v2/crm/files: the CRM's public files", () => {
  const endpoint = () => `${api.url}/api/v2/crm/files`

  it("stores an EP document, serves it publicly as an attachment under its own name", async () => {
    const a = await uploadFile("epDocs", "Регламент УЦ.pdf", fixtures.pdf)
    expect(a.status).toBe(201)
    expect(a.body).toEqual({ name: "Регламент УЦ.pdf", url: expect.stringMatching(/^\/uploads\/files\/[0-9a-f]{32}\.pdf$/), size: fixtures.pdf.length, type: "application/pdf" })
    const res = await fetch(api.url + a.body.url)
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer()).equals(fixtures.pdf)).toBe(true)
    expect(res.headers.get("content-type")).toBe("application/pdf")
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''%D0%A0%D0%B5%D0%B3/)
    expect(res.headers.get("x-content-type-options")).toBe("nosniff")
    // Nothing else below /uploads/files is served: an unknown name, a path trick.
    expect((await fetch(`${api.url}/uploads/files/${"0".repeat(32)}.pdf`)).status).toBe(404)
    expect((await fetch(`${api.url}/uploads/files/..%2F..%2Fdb.sqlite`)).status).toBe(404)
  })

  it("a file of the wrong kind → 'Недопустимый формат файла', by extension and by content", async () => {
    for (const [accept, name, data] of [
      ["epDocs", "скан.png", fixtures.png],
      ["epDocs", "заметка.txt", fixtures.txt],
      ["epDocs", "регламент.pdf", fixtures.txt],
      ["images", "обложка.pdf", fixtures.pdf],
      ["images", "обложка.png", fixtures.pdf],
    ] as const) {
      const a = await uploadFile(accept, name, data)
      expect([a.status, a.body.errors], name).toEqual([422, { file: [v.fileExtension] }])
    }
    expect((await uploadFile("files", "a.pdf", fixtures.pdf)).body.errors).toEqual({ accept: [v.select] })
  })

  it("over 30,000,000 bytes → 'Размер файла не должен превышать 30 Мб'", async () => {
    const { body, contentType } = streamedFile("file", "большой.pdf", 30_000_001, fixtures.pdf)
    const a = await postMultipart<{ errors: Record<string, string[]> }>(endpoint(), api.adminToken, body, contentType)
    expect([a.status, a.body]).toEqual([422, { errors: { file: [v.fileSize] } }])
  })

  it("administrators only", async () => {
    const a = await upload(endpoint(), undefined, [{ name: "file", filename: "a.pdf", data: fixtures.pdf }])
    expect(a.status).toBe(401)
  })
})

describe("lists: the filter presets", () => {
  it("FAQ questions by rubrics (several) and by publication", async () => {
    const [r1, r2, r3] = [await newRubric(), await newRubric(), await newRubric()]
    const make = (rubric_id: number, published: boolean) =>
      crm<One>("POST", "/api/v2/crm/faq/questions", { json: { faq_question: { rubric_id, question: `Вопрос ${uniq()}`, answer: "<p>Ответ</p>", position: 1, published } } })
    const [a, b] = [await make(r1, true), await make(r2, false)]
    await make(r3, true)
    const both = await crm<List>("GET", `/api/v2/crm/faq/questions/?rubric_ids=${r1},${r2}`)
    expect(both.body.data.map((r) => r.id).sort()).toEqual([a.body.data.id, b.body.data.id].sort())
    expect(both.body.data[0]!.attributes.rubric_name).toMatch(/^Рубрика /)
    const drafts = await crm<List>("GET", `/api/v2/crm/faq/questions/?rubric_ids=${r1},${r2}&published=false`)
    expect(drafts.body.data.map((r) => r.id)).toEqual([b.body.data.id])
    expect((await crm("GET", "/api/v2/crm/faq/questions/?published=maybe")).status).toBe(422)
  })

  it("posts by their source", async () => {
    const source = await newSource()
    const post = (source_id: number | null) =>
      crm<One>("POST", "/api/v2/crm/posts/", { json: { post: { title: `Новость ${uniq()}`, date: "2024-05-01", source_id, announce: "А", body: "<p>Б</p>" } } })
    const [mine] = [await post(source), await post(null)]
    const found = await crm<List>("GET", `/api/v2/crm/posts/?source_id=${source}`)
    expect(found.body.data.map((r) => r.id)).toEqual([mine.body.data.id])
    expect(found.body.data[0]!.attributes.source_name).toMatch(/^ФНС /)
  })

  it("pages by the dates of their change; the spec's list call with a trailing slash", async () => {
    const a = await crm<One>("POST", "/api/v2/crm/pages/", { json: { page: { title: "Контакты", url: `/contacts-${uniq()}`, body: "<p>Телефон</p>" } } })
    // The spec's `query` parameter is the list's search `q`.
    const slug = String(a.body.data.attributes.url)
    expect((await crm<List>("GET", `/api/v2/crm/pages/?query=${encodeURIComponent(slug)}`)).body.data.map((r) => r.id)).toEqual([a.body.data.id])
    const today = shortDay(new Date())
    const found = await crm<List>("GET", `/api/v2/crm/pages/?updated_from=${today}&updated_to=${today}&per=100`)
    expect(found.body.data.map((r) => r.id)).toContain(a.body.data.id)
    // The days are Moscow's, as the list shows them: 22:30 UTC on 10 June is 11.06.2025 at 01:30.
    await api.db().kysely.updateTable("pages").set({ updated_at: "2025-06-10T22:30:00.000Z" }).where("id", "=", Number(a.body.data.id)).execute()
    const on = async (from: string, to: string) => (await crm<List>("GET", `/api/v2/crm/pages/?updated_from=${from}&updated_to=${to}&per=100`)).body.data.map((r) => r.id)
    expect(await on("11.06.2025", "11.06.2025")).toContain(a.body.data.id)
    expect(await on("10.06.2025", "10.06.2025")).not.toContain(a.body.data.id)
    expect((await crm<List>("GET", "/api/v2/crm/pages/?updated_to=01.01.2000")).body.data).toEqual([])
    expect(errorsOf(await crm("GET", "/api/v2/crm/pages/?updated_from=31.02.2024"))).toEqual({ updated_from: [v.generic] })
  })
})

describe("robots: one record, edited in place", () => {
  const BASE = "/api/v2/crm/marketing/robots"
  it("exists from the migration; is changed, never created again or deleted", async () => {
    const list = await crm<List>("GET", `${BASE}/`)
    expect(list.body.meta.total_count).toBe(1)
    const id = list.body.data[0]!.id
    expect(String(list.body.data[0]!.attributes.content)).toMatch(/^User-agent: \*/)
    const content = "User-agent: *\nDisallow: /crm\nDisallow: /account"
    const put = await crm<One>("PUT", `${BASE}/${id}/`, { json: { robots: { content } } })
    expect([put.status, put.body.data.attributes.content]).toEqual([200, content])
    expect(errorsOf(await crm("PUT", `${BASE}/${id}/`, { json: { robots: { content: " " } } }))).toEqual({ content: [v.required] })
    expect(errorsOf(await crm("POST", BASE, { json: { robots: { content } } }))).toEqual({ content: [crmMessages.singletonOnly] })
    expect((await crm("DELETE", `${BASE}/${id}/`)).status).toBe(422)
    expect((await crm<List>("GET", `${BASE}/`)).body.meta.total_count).toBe(1)
    expect((await anonymous("GET", `${BASE}/`)).status).toBe(401)
  })
})

describe("the gallery", () => {
  const BASE = "/api/v2/crm/gallery"
  it("lists the editor's images and its own uploads, newest first; renames; refuses a foreign or a repeated image; deletes", async () => {
    const editor = await upload<{ url: string }>(`${api.url}/api/v2/crm/images`, api.adminToken, [
      { name: "slug", data: "news" },
      { name: "image", filename: "фото.png", data: fixtures.png },
    ])
    expect(editor.status).toBe(200)
    const image = (await uploadFile("images", "баннер.gif", fixtures.gif)).body
    const own = await crm<One>("POST", BASE, { json: { gallery_image: { image, name: "" } } })
    expect(own.status, own.text).toBe(201)
    expect(own.body.data.attributes).toMatchObject({ name: "баннер.gif", url: image.url, size: fixtures.gif.length, mime: "image/gif" })
    const list = await crm<List>("GET", `${BASE}/`)
    expect(list.body.data.slice(0, 2).map((r) => r.attributes.url)).toEqual([image.url, editor.body.url])
    const renamed = await crm<One>("PATCH", `${BASE}/${own.body.data.id}/`, { json: { gallery_image: { name: "Баннер акции" } } })
    expect([renamed.status, renamed.body.data.attributes.name, renamed.body.data.attributes.url]).toEqual([200, "Баннер акции", image.url])

    const before = await count(BASE)
    expect(errorsOf(await crm("POST", BASE, { json: { gallery_image: { image } } }))).toEqual({ image: [crmMessages.duplicateGalleryImage] })
    expect(errorsOf(await crm("POST", BASE, { json: { gallery_image: { image: { name: "x.png", url: "https://evil.example/x.png" } } } }))).toEqual({ image: [crmMessages.unknownFile] })
    expect(errorsOf(await crm("POST", BASE, { json: { gallery_image: { name: "Без файла" } } }))).toEqual({ image: [v.required] })
    expect(await count(BASE)).toBe(before)
    expect((await anonymous("GET", `${BASE}/`)).status).toBe(401)
    expect((await crm("DELETE", `${BASE}/${own.body.data.id}/`)).status).toBe(204)
    expect(await count(BASE)).toBe(before - 1)
  })

  it("a gallery image may be used in rich text", async () => {
    const image = (await uploadFile("images", "схема.png", fixtures.png)).body
    const a = await crm<One>("POST", "/api/v2/crm/faq/articles", {
      json: { faq_article: { title: "Схема", rubric_id: await newRubric(), body: `<p><img src="${image.url}" alt="Схема"></p>`, published: false } },
    })
    expect(a.body.data.attributes.body).toBe(`<p><img src="${image.url}" alt="Схема" /></p>`)
  })
})

describe("undo brings the dependants back", () => {
  it("a rubric's questions and articles come back with it, with the same ids; a source's posts get it back", async () => {
    const rubric = await newRubric()
    const q = await crm<One>("POST", "/api/v2/crm/faq/questions", { json: { faq_question: { rubric_id: rubric, question: "Вопрос", answer: "<p>Ответ</p>", position: 1 } } })
    const a = await crm<One>("POST", "/api/v2/crm/faq/articles", { json: { faq_article: { title: "Статья", rubric_id: rubric, body: "<p>Текст</p>" } } })
    const del = await crm("DELETE", `/api/v2/crm/faq/rubrics/${rubric}/`)
    expect(del.status).toBe(204)
    expect((await crm("GET", `/api/v2/crm/faq/questions/${q.body.data.id}/`)).status).toBe(404)
    expect((await crm("GET", `/api/v2/crm/faq/articles/${a.body.data.id}/`)).status).toBe(404)
    const undo = del.headers.get("undo-token")
    expect((await crm("POST", "/api/v2/crm/faq/rubrics/restore/", { json: { token: undo } })).status).toBe(200)
    expect((await crm<One>("GET", `/api/v2/crm/faq/questions/${q.body.data.id}/`)).body).toEqual(q.body)
    expect((await crm<One>("GET", `/api/v2/crm/faq/articles/${a.body.data.id}/`)).body.data.attributes.body).toBe("<p>Текст</p>")

    const source = await newSource()
    const p = await crm<One>("POST", "/api/v2/crm/posts", { json: { post: { title: "Новость", date: "2024-05-01", source_id: source, announce: "А", body: "<p>Б</p>" } } })
    const gone = await crm("DELETE", `/api/v2/crm/post/sources/${source}/`)
    expect((await crm<One>("GET", `/api/v2/crm/posts/${p.body.data.id}/`)).body.data.attributes.source_id).toBe(null)
    await crm("POST", "/api/v2/crm/post/sources/restore/", { json: { token: gone.headers.get("undo-token") } })
    expect((await crm<One>("GET", `/api/v2/crm/posts/${p.body.data.id}/`)).body.data.attributes.source_id).toBe(source)
  })
})
