import { randomBytes } from "node:crypto"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import type { Db } from "../../server/db/index.ts"
import type { OrderStatus } from "../../schemas/entities/order.ts"
import { insertOrder } from "./order-rows.ts"

/**
 * A legal entity's in-person order written straight into the test server's database (docs/account.md,
 * «Страница заявки в CRM»): values as the wizard stores them (bare digits where a program sent them),
 * an office, a tariff's lines and the customer's scans.
 */

/** A 1×1 PNG: a real image a browser draws. */
export const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2b5e7ad0000000049454e44ae426082", "hex")

export async function insertOffice(db: Db, name: string, published: 0 | 1 = 1): Promise<number> {
  const at = new Date().toISOString()
  const city = await db.kysely.insertInto("cities").values({ name: `Город ${name}`, slug: `city-${randomBytes(4).toString("hex")}`, created_at: at, updated_at: at }).returning("id").executeTakeFirstOrThrow()
  const row = await db.kysely
    .insertInto("offices")
    .values({ company: "uc", city_id: city.id, name, address: "г. Москва, ул. Ленина, д. 1", hours: "пн–пт 9:00–18:00", phone: "+74950000000", email: null, metro: null, position: 0, published, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  return row.id
}

export const legalEntityValues = (officeId: number, company: string) => ({
  company,
  inn: "7707083893",
  kpp: "773601001",
  ogrn: "1027700132195",
  legal_address: "г. Москва, ул. Тверская, д. 1",
  holder_role: "certificate_holder",
  last_name: "Петрова",
  first_name: "Анна",
  middle_name: "Сергеевна",
  position: "Бухгалтер",
  holder_inn: "500100732259",
  snils: "11223344595",
  passport: "4510123456",
  passport_date: "15.03.2014",
  passport_issuer: "ОВД Тверского района",
  passport_division_code: "770001",
  birth_date: "10.03.2000",
  birth_place: "г. Москва",
  chief_last_name: "Иванов",
  chief_first_name: "Иван",
  chief_position: "Генеральный директор",
  identification: "office",
  office_id: String(officeId),
  code_word: "тайноеслово",
  email: "anna@example.ru",
  phone: "+79001234567",
})

export async function insertLegalEntityOrder(db: Db, userId: number, officeId: number, options: { status?: OrderStatus; company?: string; optionIds?: number[] } = {}): Promise<number> {
  const company = options.company ?? "ООО «Ромашка»"
  return insertOrder(db, userId, {
    status: options.status ?? "paid",
    applicantKind: "legal_entity",
    preset: "order_cert_legal_entity",
    optionIds: options.optionIds ?? [],
    amount: 6600,
    data: { values: legalEntityValues(officeId, company), period: 12 },
    title: company,
    officeId,
  })
}

/** A customer's scan of the order (an upload row, its file under DATA_DIR, the `upload` document). */
export async function insertScan(db: Db, uploadDir: string, orderId: number, userId: number, scan: { field: string; title: string; name: string; mime: string; content: Buffer | string }): Promise<number> {
  const id = randomBytes(16).toString("hex")
  mkdirSync(join(uploadDir, "private"), { recursive: true })
  writeFileSync(join(uploadDir, "private", id), scan.content)
  const at = new Date().toISOString()
  const size = Buffer.byteLength(scan.content)
  await db.kysely.insertInto("uploads").values({ id, owner_kind: "user", owner_id: userId, original_name: scan.name, stored_path: `private/${id}`, size, mime: scan.mime, created_at: at }).execute()
  const doc = await db.kysely
    .insertInto("order_documents")
    .values({ order_id: orderId, kind: "upload", field: scan.field, title: scan.title, file: JSON.stringify({ name: scan.name, url: `/api/v1/uploads/${id}/`, size, type: scan.mime }), created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  return doc.id
}
