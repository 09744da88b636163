import { randomBytes } from "node:crypto"
import { sql, type Transaction } from "kysely"
import type { Config } from "../../config.ts"
import { moscowToday } from "../../../schemas/dates.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { sanitizeEditorHtml } from "../../lib/sanitize-html.ts"
import { type Storage, storageOf } from "../../services/storage/index.ts"
import { type Db, now } from "../index.ts"
import type { Database } from "../schema.ts"
import { SEED_DOCUMENTS, SEED_FILES, SEED_MIME, type SeedFileKey } from "./content-documents.ts"
import { demoFaq } from "./content-faq.ts"
import type { Requisites } from "../../../schemas/requisites.ts"
import { requisitesIn } from "../../services/requisites.ts"
import { demoPages } from "./content-pages.ts"
import { demoPostSources, demoPosts } from "./content-posts.ts"

/** Its own marker: data directories seeded before the content existed get it on their next start. */
export const SITE_CONTENT = "site_content_at"

/** The Moscow day `days` from `base` (the site reads its days in Moscow time), yyyy-MM-dd. */
const daysFrom = (base: Date, days: number) => moscowToday(base.getTime() + days * 86_400_000)

/**
 * The site's demo content: the information pages, the FAQ, the news, the EP documents with
 * real files, a banner and page settings (robots.txt's record comes with migration 0006). Once per database under its own marker, inside
 * the seeding lock (`lock`: the advisory lock key of server/db/seed/index.ts). A row the CRM already
 * holds (a page's URL, a rubric's slug, a setting's URL) is kept as it is.
 */
export async function seedSiteContent(db: Db, config: Config, lock: number): Promise<void> {
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", SITE_CONTENT).executeTakeFirst()) return restoreSeedFiles(db, storageOf(config))
  await k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${lock})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", SITE_CONTENT).executeTakeFirst()) return
    const at = now()
    await seedPages(trx, config, at)
    await seedFaq(trx, at)
    const files = await fileWriter(trx, storageOf(config), at, await requisitesIn(trx))
    await seedPosts(trx, at, files)
    await seedDocuments(trx, at, files)
    await seedMarketing(trx, config, at, files)
    await trx.insertInto("app_meta").values({ key: SITE_CONTENT, value: at }).execute()
  })
}

type Trx = Transaction<Database>

async function seedPages(trx: Trx, config: Config, at: string) {
  const existing = new Set((await trx.selectFrom("pages").select("url").execute()).map((r) => r.url))
  const rows = demoPages(config, await requisitesIn(trx))
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

const fileName = (key: SeedFileKey) => `${SEED_FILES[key].name}.${SEED_FILES[key].ext}`

/**
 * Writes a declared file where the CRM's uploads live (`files/<32 hex>.<ext>` in the storage, served at
 * `/uploads/files/…` by server/routes/crm-files.ts) and records it as the CRM's own upload; answers the
 * stored file's JSON `{ name, url, size, type }`.
 */
async function fileWriter(trx: Trx, storage: Storage, at: string, requisites: Requisites) {
  const admin = await trx.selectFrom("admin_users").select("id").orderBy("id").executeTakeFirst()
  return async (key: SeedFileKey): Promise<string> => {
    const file = SEED_FILES[key]
    const data = await file.data(requisites)
    const id = randomBytes(16).toString("hex")
    const stored = `${id}.${file.ext}`
    await storage.put(`files/${stored}`, data, { contentType: SEED_MIME[file.ext] })
    const name = fileName(key)
    await trx
      .insertInto("uploads")
      .values({ id, owner_kind: "admin", owner_id: admin?.id ?? 0, original_name: name, stored_path: `files/${stored}`, size: data.length, mime: SEED_MIME[file.ext], created_at: at })
      .execute()
    return JSON.stringify({ name, url: `/uploads/files/${stored}`, size: data.length, type: SEED_MIME[file.ext] })
  }
}

type WriteFile = Awaited<ReturnType<typeof fileWriter>>

/**
 * The seeded files a database records but the storage lacks (a new UPLOAD_DIR or bucket beside a
 * database seeded before, as servers sharing one PostgreSQL database each with a disk of their own) are written again:
 * each is generated from its declaration again (the 'Регламент' from the requisites as they are now).
 */
async function restoreSeedFiles(db: Db, storage: Storage): Promise<void> {
  const byName = new Map((Object.keys(SEED_FILES) as SeedFileKey[]).map((key) => [fileName(key), key]))
  const rows = await db.kysely
    .selectFrom("uploads")
    .select(["original_name", "stored_path"])
    .where("owner_kind", "=", "admin")
    .where("original_name", "in", [...byName.keys()])
    .execute()
  for (const row of rows) {
    const key = byName.get(row.original_name)
    const found = /^files\/([0-9a-f]{32}\.[a-z]{3,4})$/.exec(row.stored_path)
    if (!key || !found) continue
    const stored = `files/${found[1] as string}`
    if (await storage.head(stored)) continue
    await storage.put(stored, await SEED_FILES[key].data(await requisitesIn(db.kysely)), { contentType: SEED_MIME[SEED_FILES[key].ext] })
  }
}

async function seedPosts(trx: Trx, at: string, writeFile: WriteFile) {
  const sourceIds = new Map<string, number>()
  for (const s of demoPostSources) {
    const row = await trx.insertInto("post_sources").values({ name: s.name, url: s.url, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
    sourceIds.set(s.key, row.id)
  }
  const cover = await writeFile("cover")
  const today = new Date()
  await trx
    .insertInto("posts")
    .values(
      demoPosts.map((p) => ({
        title: p.title,
        date: daysFrom(today, -p.daysAgo),
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

async function seedDocuments(trx: Trx, at: string, writeFile: WriteFile) {
  const rows = []
  for (const [i, d] of SEED_DOCUMENTS.entries()) {
    rows.push({ title: d.title, kind: d.kind, file: await writeFile(d.file), link: null, partner: null, footer: null, position: (i + 1) * 10, published: 1 as const, created_at: at, updated_at: at })
  }
  await trx.insertInto("ep_docs").values(rows).execute()
}

async function seedMarketing(trx: Trx, config: Config, at: string, writeFile: WriteFile) {
  const today = new Date()
  // Each banner's title is its image's text: it is the image's alt text as well.
  const banners = [
    { title: "Удалённый выпуск КЭП без визита в офис — если у вас есть действующая КЭП. Оформить заявку", page_url: "/faq*", file: "banner", link: "/buy" },
    { title: "Токен и КриптоПро CSP: Рутокен ЭЦП 3.0 и лицензия вместе с сертификатом. Выбрать тариф", page_url: "/price", file: "bannerToken", link: "/price" },
    { title: "Регламент и бланки: как выдаётся сертификат, права и обязанности сторон. Читать регламент", page_url: "/docs", file: "bannerDocuments", link: "/reglament" },
  ] as const
  for (const [i, b] of banners.entries()) {
    await trx
      .insertInto("page_banners")
      .values({
        title: b.title,
        page_url: b.page_url,
        image: await writeFile(b.file),
        link: b.link,
        starts_on: daysFrom(today, -30),
        ends_on: daysFrom(today, 365),
        position: (i + 1) * 10,
        active: 1,
        created_at: at,
        updated_at: at,
      })
      .execute()
  }
  const settings = [
    { url: "/", meta_title: messages.home.title, meta_description: "Аккредитованный удостоверяющий центр: КЭП и НЭП для юридических лиц, ИП и физических лиц. Выпуск в день обращения.", meta_keywords: "электронная подпись, ЭЦП, КЭП, сертификат, удостоверяющий центр" },
    { url: "/faq", meta_title: "Вопросы и ответы об электронной подписи", meta_description: "Ответы на частые вопросы: КЭП и НЭП, МЧД, токены, сроки выпуска и продление сертификата.", meta_keywords: "электронная подпись вопросы, МЧД, токен, продление сертификата" },
    { url: "/posts", meta_title: "Новости удостоверяющего центра", meta_description: "Новости удостоверяющего центра: новые услуги, офисы, изменения в правилах работы с электронной подписью.", meta_keywords: "новости, электронная подпись" },
    { url: "/docs", meta_title: "Документы удостоверяющего центра: регламент, заявления, прайс-лист", meta_description: "Скачайте регламент удостоверяющего центра, бланки заявлений и доверенностей, инструкции и прайс-лист.", meta_keywords: "регламент УЦ, заявление на сертификат, доверенность" },
  ]
  const existing = new Set((await trx.selectFrom("page_settings").select("url").execute()).map((r) => r.url))
  const rows = settings.filter((s) => !existing.has(s.url)).map((s) => ({ ...s, created_at: at, updated_at: at }))
  if (rows.length) await trx.insertInto("page_settings").values(rows).execute()
}
