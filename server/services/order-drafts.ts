import { type Db, now } from "../db/index.ts"
import { firstEvent } from "./order-status.ts"
import { columnsOf, newPublicId, type OrderInput } from "./orders.ts"

/**
 * Stores an order read by `readOrder` as the customer's new draft, with the first event of its history,
 * and answers its id. `db` carries the caller's transaction (`{ ...db, kysely: trx }`): the leads route
 * opens one for the draft alone, registration the one that creates the account with it. The price and
 * the reads of `columnsOf` go through that transaction too: SQLite has one connection, which it holds.
 */
export async function insertDraft(db: Db, userId: number, input: OrderInput): Promise<number> {
  const at = now()
  const columns = await columnsOf(db, input)
  const inserted = await db.kysely
    .insertInto("orders")
    .values({ ...columns, public_id: newPublicId(), user_id: userId, legal_person_id: null, status: "draft", submitted_at: null, created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow()
  await db.kysely.insertInto("order_events").values(firstEvent(inserted.id, "draft", at)).execute()
  return inserted.id
}
