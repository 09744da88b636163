import { randomBytes } from "node:crypto"
import { sql } from "kysely"
import { isStrongPassword } from "../../../schemas/rules/password.ts"
import type { Config } from "../../config.ts"
import type { Deps } from "../../lib/env.ts"
import { hashPassword } from "../../lib/passwords.ts"
import { createUser } from "../../services/accounts.ts"
import { type Db, now } from "../index.ts"
import { demoCities, demoFooterLinks, demoMenu, type SeedMenuItem } from "./demo-content.ts"
import { seedSuggest } from "./suggest.ts"
import { seedSiteContent } from "./content.ts"
import { seedEpoas } from "./epoas.ts"
import { seedCatalogue } from "./catalogue.ts"
import { seedCertificates } from "./certificates.ts"
import { seedTrustRoots } from "./trust-roots.ts"
import { seedRequisites } from "./requisites.ts"
import { seedCaRepository } from "./ca-repository.ts"

const SEEDED = "seeded_at"
/** A second marker: DATA_DIRs seeded before the demo accounts existed get them on their next start. */
const DEMO_ACCOUNTS = "demo_accounts_at"
/** A third: the demo staff of the CRM's roles, for DATA_DIRs seeded before them too. */
const DEMO_STAFF = "demo_staff_at"
/** A fourth: the demo accountant and the demo operator's office, for DATA_DIRs seeded before them too. */
const DEMO_ACCOUNTANT = "demo_accountant_at"
/** Any fixed number: the advisory lock key that serializes seeding across servers. */
const SEED_LOCK = 7_246_001
export const DEMO_ADMIN_EMAIL = "admin@demo.local"
export const DEMO_USER = { email: "user@demo.local", fullname: "Иванов Иван Иванович", mobile_phone: "+79000000001" } as const
/** Demo staff of the CRM besides the first administrator: one per role that is not 'Администратор'. */
export const DEMO_STAFF_ACCOUNTS = [
  { email: "editor@demo.local", fullname: "Смирнова Анна Сергеевна", role: "editor" },
  { email: "operator@demo.local", fullname: "Кузнецов Олег Игоревич", role: "operator" },
] as const
/** The demo 'Бухгалтер': the orders read-only and the money marked by hand. */
export const DEMO_ACCOUNTANT_ACCOUNT = { email: "accountant@demo.local", fullname: "Соколова Мария Андреевна", role: "accountant" } as const
export const DEMO_DIRECTOR = { email: "director@demo.local", fullname: "Петров Пётр Петрович", mobile_phone: "+79000000002" } as const
export const DEMO_LEGAL_PERSON = { name: "ООО «Ромашка»", inn: "7707083893", kpp: "773601001", ogrn: "1027700132195" } as const

/** Seeds demo content on first start only: a marker in app_meta keeps later starts from touching data. */
export async function seed(deps: Pick<Deps, "db" | "config" | "mailer" | "log">, log: (line: string) => void = console.log): Promise<void> {
  await seedContent(deps.db, deps.config, log)
  // Before the pages and the 'Регламент', which print the operator's details.
  await seedRequisites(deps.db, deps.config, SEED_LOCK)
  await seedSiteContent(deps.db, deps.config, SEED_LOCK)
  // After the menu: the CA repository page's footer link and settings, for databases seeded before it too.
  await seedCaRepository(deps.db, SEED_LOCK)
  await seedCatalogue(deps.db, deps.config.companyCode, SEED_LOCK)
  // The trust list (the demo CA and the bundled accredited CAs' roots).
  await seedTrustRoots(deps.db, deps.config.caCertFile, SEED_LOCK)
  if (!deps.config.production) {
    // Demo companies and addresses: production's suggestions come from DaData only (docs/deployment.md).
    await seedSuggest(deps.db, { ...DEMO_LEGAL_PERSON, director: DEMO_DIRECTOR.fullname })
    const password = deps.config.demoPassword ?? demoPassword()
    const created = [...(await seedDemoAccounts(deps, password)), ...(await seedDemoStaff(deps.db, password)), ...(await seedDemoAccountant(deps.db, password))]
    if (created.length > 0 && !deps.config.demoPassword) {
      log(`Демо-пользователи: ${created.join(", ")}, пароль: ${password} (только для демонстрации; показан один раз)`)
    }
    // The demo register of the demo CA (after the demo accounts: owners by e-mail).
    await seedCertificates(deps, SEED_LOCK)
    // The demo МЧД of ООО «Ромашка» (after the register: their signer's certificate; docs/epoa.md).
    await seedEpoas(deps, SEED_LOCK)
  }
}

/**
 * The demo people's password when DEMO_PASSWORD is unset: drawn once, when they are created, and
 * printed once (never written in the README). It meets the site's password rules like any other.
 */
function demoPassword(): string {
  for (;;) {
    const candidate = randomBytes(12).toString("base64url")
    if (isStrongPassword(candidate)) return candidate
  }
}

/**
 * The demo 'Бухгалтер' with the demo password, and the demo operator's office: the first office of
 * the catalogue (the order form's first choice too), so the start page's identification queue is
 * that office's. Once per database; an address taken already and an office set already are left alone.
 */
async function seedDemoAccountant(db: Db, password: string): Promise<string[]> {
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", DEMO_ACCOUNTANT).executeTakeFirst()) return []
  const digest = await hashPassword(password)
  return k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", DEMO_ACCOUNTANT).executeTakeFirst()) return []
    const at = now()
    const row = await trx
      .insertInto("admin_users")
      .values({ ...DEMO_ACCOUNTANT_ACCOUNT, password_digest: digest, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("email")
      .executeTakeFirst()
    const office = await trx.selectFrom("offices").select("id").where("published", "=", 1).orderBy("position").orderBy("id").executeTakeFirst()
    if (office) await trx.updateTable("admin_users").set({ office_id: office.id, updated_at: at }).where("email", "=", "operator@demo.local").where("office_id", "is", null).execute()
    await trx.insertInto("app_meta").values({ key: DEMO_ACCOUNTANT, value: at }).execute()
    return row ? [row.email] : []
  })
}

/**
 * Demo staff (never with NODE_ENV=production): a 'Редактор' and an 'Оператор УЦ' with the demo
 * password, so the CRM's roles can be tried at once. Once per database; an address taken already is
 * left alone. Answers the e-mails created now.
 */
async function seedDemoStaff(db: Db, password: string): Promise<string[]> {
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", DEMO_STAFF).executeTakeFirst()) return []
  const digest = await hashPassword(password)
  return k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", DEMO_STAFF).executeTakeFirst()) return []
    const at = now()
    const created: string[] = []
    for (const staff of DEMO_STAFF_ACCOUNTS) {
      const row = await trx
        .insertInto("admin_users")
        .values({ ...staff, password_digest: digest, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning("email")
        .executeTakeFirst()
      if (row) created.push(row.email)
    }
    await trx.insertInto("app_meta").values({ key: DEMO_STAFF, value: at }).execute()
    return created
  })
}

/**
 * Demo accounts (never with NODE_ENV=production): an ordinary user and the director of a demo legal
 * person, confirmed, with the demo password. Once per database, under the same lock as the content.
 * Answers the e-mails created now.
 */
async function seedDemoAccounts(deps: Pick<Deps, "db" | "config" | "mailer" | "log">, password: string): Promise<string[]> {
  const { db } = deps
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", DEMO_ACCOUNTS).executeTakeFirst()) return []
  return k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", DEMO_ACCOUNTS).executeTakeFirst()) return []
    const at = now()
    const created: string[] = []
    const ensure = async (u: { email: string; fullname: string; mobile_phone: string }) => {
      const existing = await trx.selectFrom("users").select("id").where("email", "=", u.email).executeTakeFirst()
      if (existing) return existing.id
      created.push(u.email)
      return (await createUser(deps, { ...u, password, confirmed: true }, trx)).user.id
    }
    await ensure(DEMO_USER)
    const directorId = await ensure(DEMO_DIRECTOR)
    const hasCompany = await trx.selectFrom("legal_persons").select("id").where("inn", "=", DEMO_LEGAL_PERSON.inn).executeTakeFirst()
    if (!hasCompany) {
      await trx
        .insertInto("legal_persons")
        .values({ ...DEMO_LEGAL_PERSON, director_user_id: directorId, created_at: at, updated_at: at })
        .execute()
    }
    await trx.insertInto("app_meta").values({ key: DEMO_ACCOUNTS, value: at }).execute()
    return created
  })
}

async function seedContent(db: Db, config: Config, log: (line: string) => void): Promise<void> {
  const k = db.kysely
  const done = await k.selectFrom("app_meta").select("value").where("key", "=", SEEDED).executeTakeFirst()
  if (done) return
  const seeded = await k.transaction().execute(async (trx) => {
    // Several app servers may start at once on one fresh PostgreSQL database: one seeds, the others
    // wait for its transaction and then find the marker (SQLite has a single writer anyway).
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", SEEDED).executeTakeFirst()) return false
    const at = now()
    const insertMenu = async (items: SeedMenuItem[], parentId: number | null) => {
      let position = 1
      for (const item of items) {
        const row = await trx
          .insertInto("menu_items")
          .values({
            name: item.name,
            url: item.url,
            position: position++ * 10,
            display_at_top: item.top ? 1 : 0,
            display_at_bottom: item.bottom ? 1 : 0,
            parent_id: parentId,
            created_at: at,
            updated_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
        if (item.children) await insertMenu(item.children, row.id)
      }
    }
    await insertMenu(demoMenu, null)
    await trx.insertInto("cities").values(demoCities.map((c) => ({ ...c, created_at: at, updated_at: at }))).execute()
    await trx
      .insertInto("ep_docs")
      .values(demoFooterLinks.map((l, i) => ({ title: l.name, kind: "link", link: l.url, footer: l.group, position: (i + 1) * 10, published: 1 as const, created_at: at, updated_at: at })))
      .execute()
    await trx.insertInto("app_meta").values({ key: SEEDED, value: at }).execute()
    return true
  })
  if (seeded) await ensureFirstAdmin(db, config, log)
}

/** The first administrator: ADMIN_EMAIL/ADMIN_PASSWORD, or the demo admin with a password printed once. */
async function ensureFirstAdmin(db: Db, config: Config, log: (line: string) => void): Promise<void> {
  const email = (config.adminEmail ?? DEMO_ADMIN_EMAIL).toLowerCase()
  const password = config.adminPassword ?? randomBytes(9).toString("base64url")
  const at = now()
  await db.kysely
    .insertInto("admin_users")
    .values({ email, fullname: "Администратор", password_digest: await hashPassword(password), created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute()
  if (!config.adminPassword) {
    log(`Первый администратор: ${email}, пароль: ${password} (только для демонстрации; показан один раз)`)
  }
}
