import { randomBytes } from "node:crypto"
import type { Db } from "../../server/db/index.ts"
import { now } from "../../server/db/index.ts"

/**
 * Rows the services' tests insert themselves (a tariff, an option, an order of a user): the
 * catalogue and the wizard own the real ways of making them; these tests need only the rows.
 */
export async function insertTariff(db: Db, name = `Тариф ${randomBytes(3).toString("hex")}`, published: 0 | 1 = 1): Promise<number> {
  const t = now()
  const row = await db.kysely
    .insertInto("tariffs")
    .values({ name, purpose: "Для участников закупок", description: "<p>КЭП</p>", applicant_kinds: '["legal_entity"]', qualified: 1, position: 0, published, created_at: t, updated_at: t })
    .returning("id")
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function insertOption(db: Db, values: { name: string; kind: string; price: number; period?: number | null; tariff_id?: number | null }): Promise<number> {
  const t = now()
  const row = await db.kysely
    .insertInto("tariff_options")
    .values({ period: null, tariff_id: null, ...values, often_buy: 0, position: 0, published: 1, created_at: t, updated_at: t })
    .returning("id")
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export interface OrderFixture {
  readonly status?: string
  readonly tariff_id?: number | null
  readonly option_ids?: readonly number[]
  readonly data?: Record<string, unknown>
  readonly applicant_kind?: string
  readonly preset?: string
  readonly legal_person_id?: number | null
}

export async function insertOrder(db: Db, userId: number, o: OrderFixture = {}): Promise<number> {
  const t = now()
  const row = await db.kysely
    .insertInto("orders")
    .values({
      public_id: randomBytes(16).toString("hex"),
      user_id: userId,
      legal_person_id: o.legal_person_id ?? null,
      status: o.status ?? "new",
      applicant_kind: o.applicant_kind ?? "legal_entity",
      identification: "office",
      preset: o.preset ?? "order_cert_legal_entity",
      tariff_id: o.tariff_id ?? null,
      option_ids: JSON.stringify(o.option_ids ?? []),
      data: JSON.stringify(o.data ?? {}),
      office_id: null,
      submitted_at: t,
      created_at: t,
      updated_at: t,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function userIdOf(db: Db, email: string): Promise<number> {
  const row = await db.kysely.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()
  return Number(row.id)
}

/** A second director (a fresh confirmed account directing its own legal person), signed in at level 2. */
export async function otherDirector(url: string, dataDir: string, db: Db): Promise<{ jwt: string; userId: number; legalPersonId: number }> {
  const { improveSession, registerUser, signInUser } = await import("../support/users.ts")
  const r = await registerUser(url, db)
  const userId = Number(r.id)
  const t = now()
  await db.kysely.updateTable("users").set({ confirmed_at: t, confirmation_token_digest: null }).where("id", "=", userId).execute()
  const lp = await db.kysely
    .insertInto("legal_persons")
    .values({ name: "АО «Лютик»", inn: "7736050003", kpp: "773601001", ogrn: "1027700070518", director_user_id: userId, created_at: t, updated_at: t })
    .returning("id")
    .executeTakeFirstOrThrow()
  const { jwt } = await signInUser(url, r.email, r.password)
  return { jwt: await improveSession(url, dataDir, jwt, r.password, r.mobile_phone), userId, legalPersonId: Number(lp.id) }
}
