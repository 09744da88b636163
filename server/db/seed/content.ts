import { randomBytes } from "node:crypto"
import { mkdir, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { sql, type Transaction } from "kysely"
import type { Config } from "../../config.ts"
import { messages } from "../../../schemas/messages.ts"
import { sanitizeEditorHtml } from "../../lib/sanitize-html.ts"
import { type Db, now } from "../index.ts"
import type { Database } from "../schema.ts"
import { docx, type DocParagraph, png, xlsx, zip } from "./content-files.ts"
import { demoFaq } from "./content-faq.ts"
import { demoPages } from "./content-pages.ts"
import { demoPostSources, demoPosts } from "./content-posts.ts"

/** Its own marker: data directories seeded before issue 9 get the content on their next start. */
export const SITE_CONTENT = "site_content_at"

const MIME = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
  png: "image/png",
} as const

type Ext = keyof typeof MIME

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`
const daysFrom = (base: Date, days: number) => new Date(base.getFullYear(), base.getMonth(), base.getDate() + days)

/**
 * The site's demo content (issue 9): the information pages, the FAQ, the news, the EP documents with
 * real files, a banner, page settings and robots.txt. Once per database under its own marker, inside
 * the seeding lock (`lock`: the advisory lock key of server/db/seed/index.ts). A row the CRM already
 * holds (a page's URL, a rubric's slug, a setting's URL) is kept as it is.
 */
export async function seedSiteContent(db: Db, config: Config, lock: number): Promise<void> {
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", SITE_CONTENT).executeTakeFirst()) return
  await k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${lock})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", SITE_CONTENT).executeTakeFirst()) return
    const at = now()
    await seedPages(trx, config, at)
    await seedFaq(trx, at)
    const files = await fileWriter(trx, config.uploadDir, at)
    await seedPosts(trx, at, files)
    await seedDocuments(trx, at, files)
    await seedMarketing(trx, config, at, files)
    await trx.insertInto("app_meta").values({ key: SITE_CONTENT, value: at }).execute()
  })
}

type Trx = Transaction<Database>

async function seedPages(trx: Trx, config: Config, at: string) {
  const existing = new Set((await trx.selectFrom("pages").select("url").execute()).map((r) => r.url))
  const rows = demoPages(config)
    .filter((p) => !existing.has(p.url))
    .map((p) => ({
      url: p.url,
      title: p.title,
      body: sanitizeEditorHtml(p.body),
      meta_title: null,
      meta_description: p.meta_description,
      meta_keywords: p.meta_keywords ?? null,
      published: 1 as const,
      created_at: at,
      updated_at: at,
    }))
  if (rows.length) await trx.insertInto("pages").values(rows).execute()
}

async function seedFaq(trx: Trx, at: string) {
  let position = (await trx.selectFrom("faq_rubrics").select((eb) => eb.fn.max("position").as("max")).executeTakeFirst())?.max ?? 0
  for (const rubric of demoFaq) {
    const found = await trx.selectFrom("faq_rubrics").select("id").where("slug", "=", rubric.slug).executeTakeFirst()
    const rubricId =
      found?.id ??
      (
        await trx
          .insertInto("faq_rubrics")
          .values({ name: rubric.name, slug: rubric.slug, position: (position = Number(position) + 10), created_at: at, updated_at: at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id
    if (rubric.questions.length) {
      await trx
        .insertInto("faq_questions")
        .values(rubric.questions.map(([question, answer], i) => ({ rubric_id: rubricId, question, answer: sanitizeEditorHtml(answer), position: (i + 1) * 10, published: 1 as const, created_at: at, updated_at: at })))
        .execute()
    }
    if (rubric.articles.length) {
      await trx
        .insertInto("faq_articles")
        .values(rubric.articles.map((a) => ({ rubric_id: rubricId, title: a.title, body: sanitizeEditorHtml(a.body), published: 1 as const, created_at: at, updated_at: at })))
        .execute()
    }
  }
}

/**
 * Writes a file where the CRM's uploads live (`UPLOAD_DIR/files/<32 hex>.<ext>`, served at
 * `/uploads/files/…` by server/routes/crm-files.ts) and records it as the CRM's own upload; answers the
 * stored file's JSON `{ name, url, size, type }`.
 */
async function fileWriter(trx: Trx, uploadDir: string, at: string) {
  const dir = join(uploadDir, "files")
  await mkdir(dir, { recursive: true })
  const admin = await trx.selectFrom("admin_users").select("id").orderBy("id").executeTakeFirst()
  return async (name: string, ext: Ext, data: Buffer): Promise<string> => {
    const id = randomBytes(16).toString("hex")
    const stored = `${id}.${ext}`
    await writeFile(join(dir, stored), data)
    await trx
      .insertInto("uploads")
      .values({ id, owner_kind: "admin", owner_id: admin?.id ?? 0, original_name: `${name}.${ext}`, stored_path: `files/${stored}`, size: data.length, mime: MIME[ext], created_at: at })
      .execute()
    return JSON.stringify({ name: `${name}.${ext}`, url: `/uploads/files/${stored}`, size: data.length, type: MIME[ext] })
  }
}

type WriteFile = Awaited<ReturnType<typeof fileWriter>>

/** The demo's picture: a calm diagonal gradient in the site's blues, for the banner and the news covers. */
const picture = (width: number, height: number) =>
  png(width, height, (x, y) => {
    const t = (x / width + y / height) / 2
    const wave = Math.sin((x + y * 2) / 40) * 10
    return [Math.round(20 + 40 * t + wave), Math.round(80 + 70 * t + wave), Math.round(170 + 60 * t)]
  })

async function seedPosts(trx: Trx, at: string, writeFile: WriteFile) {
  const sourceIds = new Map<string, number>()
  for (const s of demoPostSources) {
    const row = await trx.insertInto("post_sources").values({ name: s.name, url: s.url, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
    sourceIds.set(s.key, row.id)
  }
  const cover = await writeFile("oblozhka-novosti", "png", picture(960, 540))
  const today = new Date()
  await trx
    .insertInto("posts")
    .values(
      demoPosts.map((p) => ({
        title: p.title,
        date: isoDay(daysFrom(today, -p.daysAgo)),
        source_id: p.source ? (sourceIds.get(p.source) ?? null) : null,
        announce: p.announce,
        body: sanitizeEditorHtml(p.body),
        image: p.cover ? cover : null,
        published: 1 as const,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute()
}

const doc = (title: string, ...lines: string[]): DocParagraph[] => [{ text: title, heading: true }, ...lines.map((text) => ({ text }))]

const applicationLines = (who: string) => [
  `Заявитель: ${who}`,
  "Прошу выпустить квалифицированный сертификат ключа проверки электронной подписи.",
  "Фамилия, имя, отчество владельца сертификата: ______________________________",
  "СНИЛС: ____________________   ИНН: ____________________",
  "Паспорт: серия ______ номер __________, выдан ______________________________",
  "С регламентом удостоверяющего центра ознакомлен(а) и согласен(на).",
  "Подпись владельца сертификата: ______________   Дата: ____________",
]

async function seedDocuments(trx: Trx, at: string, writeFile: WriteFile) {
  const forLegal = docx(doc("Заявление на выпуск сертификата (сотрудник юридического лица)", ...applicationLines("организация (наименование, ИНН, ОГРН) ______________________________")))
  const forPerson = docx(doc("Заявление на выпуск сертификата (физическое лицо)", ...applicationLines("физическое лицо")))
  const documents: Array<{ title: string; kind: string; file: string }> = [
    { title: "Заявление на выпуск сертификата для сотрудника организации", kind: "application", file: await writeFile("zayavlenie-yul", "docx", forLegal) },
    { title: "Заявление на выпуск сертификата для физического лица", kind: "application", file: await writeFile("zayavlenie-fl", "docx", forPerson) },
    {
      title: "Заявление на отзыв сертификата",
      kind: "application",
      file: await writeFile(
        "zayavlenie-otzyv",
        "docx",
        docx(doc("Заявление на отзыв сертификата", "Прошу отозвать сертификат ключа проверки электронной подписи.", "Серийный номер сертификата: ______________________________", "Причина: ______________________________", "Подпись: ______________   Дата: ____________")),
      ),
    },
    {
      title: "Доверенность на получение сертификата представителем",
      kind: "power_of_attorney",
      file: await writeFile(
        "doverennost-predstavitel",
        "docx",
        docx(doc("Доверенность", "Я, ______________________________, паспорт ______________, доверяю ______________________________, паспорт ______________,", "представлять мои интересы в удостоверяющем центре: подать документы и получить сертификат ключа проверки электронной подписи.", "Доверенность выдана сроком на ______ месяцев без права передоверия.", "Подпись: ______________   Дата: ____________")),
      ),
    },
    {
      title: "Регламент удостоверяющего центра",
      kind: "regulations",
      file: await writeFile(
        "reglament-uc",
        "docx",
        docx([
          ...doc("Регламент удостоверяющего центра", "Настоящий регламент определяет порядок создания и выдачи сертификатов ключей проверки электронной подписи в соответствии с Федеральным законом № 63-ФЗ «Об электронной подписи»."),
          ...doc("1. Общие положения", "Удостоверяющий центр создаёт и выдаёт сертификаты, ведёт реестр выданных сертификатов и список отозванных сертификатов."),
          ...doc("2. Порядок выдачи сертификата", "Заявитель подаёт заявление и документы, подтверждает личность, после чего удостоверяющий центр создаёт сертификат."),
          ...doc("3. Прекращение действия сертификата", "Сертификат прекращает действие по истечении срока, по заявлению владельца или в иных случаях, предусмотренных законом."),
        ]),
      ),
    },
    {
      title: "Инструкция по установке КриптоПро CSP и сертификата",
      kind: "instruction",
      file: await writeFile(
        "instrukciya-ustanovka",
        "docx",
        docx(doc("Установка КриптоПро CSP и сертификата", "1. Установите КриптоПро CSP и введите серийный номер лицензии.", "2. Установите драйвер токена (Рутокен или JaCarta).", "3. Установите корневой сертификат удостоверяющего центра.", "4. Установите личный сертификат с токена в хранилище «Личное».", "5. Установите КриптоПро ЭЦП Browser plug-in и разрешите его в браузере.")),
      ),
    },
    {
      title: "Прайс-лист на услуги удостоверяющего центра",
      kind: "price",
      file: await writeFile(
        "prais-list",
        "xlsx",
        xlsx("Прайс-лист", [
          ["Услуга", "Срок", "Цена, ₽"],
          ["Сертификат КЭП для физического лица", "12 месяцев", 2900],
          ["Сертификат КЭП сотрудника организации", "12 месяцев", 3900],
          ["Сертификат для участника торгов (44-ФЗ, 223-ФЗ)", "12 месяцев", 5900],
          ["Токен Рутокен ЭЦП 3.0", "—", 2200],
          ["Лицензия КриптоПро CSP, встроенная в сертификат", "12 месяцев", 1300],
          ["Настройка рабочего места", "—", 1500],
        ]),
      ),
    },
    {
      title: "Комплект заявлений одним архивом",
      kind: "other",
      file: await writeFile("komplekt-zayavleniy", "zip", zip([{ name: "Заявление_ЮЛ.docx", data: forLegal }, { name: "Заявление_ФЛ.docx", data: forPerson }])),
    },
  ]
  await trx
    .insertInto("ep_docs")
    .values(documents.map((d, i) => ({ title: d.title, kind: d.kind, file: d.file, link: null, partner: null, footer: null, position: (i + 1) * 10, published: 1 as const, created_at: at, updated_at: at })))
    .execute()
}

async function seedMarketing(trx: Trx, config: Config, at: string, writeFile: WriteFile) {
  const today = new Date()
  await trx
    .insertInto("page_banners")
    .values({
      title: "Удалённый выпуск сертификата — без визита в офис",
      page_url: "/faq*",
      image: await writeFile("banner-udalennyi-vypusk", "png", picture(1200, 200)),
      link: "/buy",
      starts_on: isoDay(daysFrom(today, -30)),
      ends_on: isoDay(daysFrom(today, 365)),
      position: 10,
      active: 1,
      created_at: at,
      updated_at: at,
    })
    .execute()
  const settings = [
    { url: "/", meta_title: messages.home.title, meta_description: "Аккредитованный удостоверяющий центр: КЭП и НЭП для юридических лиц, ИП и физических лиц. Выпуск в день обращения.", meta_keywords: "электронная подпись, ЭЦП, КЭП, сертификат, удостоверяющий центр" },
    { url: "/faq", meta_title: "Вопросы и ответы об электронной подписи", meta_description: "Ответы на частые вопросы: КЭП и НЭП, МЧД, токены, сроки выпуска и продление сертификата.", meta_keywords: "электронная подпись вопросы, МЧД, токен, продление сертификата" },
    { url: "/posts", meta_title: "Новости удостоверяющего центра", meta_description: "Новости удостоверяющего центра: новые услуги, офисы, изменения в правилах работы с электронной подписью.", meta_keywords: "новости, электронная подпись" },
    { url: "/docs", meta_title: "Документы удостоверяющего центра: регламент, заявления, прайс-лист", meta_description: "Скачайте регламент удостоверяющего центра, бланки заявлений и доверенностей, инструкции и прайс-лист.", meta_keywords: "регламент УЦ, заявление на сертификат, доверенность" },
  ]
  const existing = new Set((await trx.selectFrom("page_settings").select("url").execute()).map((r) => r.url))
  const rows = settings.filter((s) => !existing.has(s.url)).map((s) => ({ ...s, created_at: at, updated_at: at }))
  if (rows.length) await trx.insertInto("page_settings").values(rows).execute()
  if (!(await trx.selectFrom("robots").select("id").executeTakeFirst())) {
    const content = ["User-agent: *", "Disallow: /account", "Disallow: /crm", "Disallow: /orders", "Disallow: /users", "Disallow: /admin_users", "Disallow: /api", "", `Sitemap: ${config.siteUrl}/sitemap.xml`, ""].join("\n")
    await trx.insertInto("robots").values({ content, created_at: at, updated_at: at }).execute()
  }
}
