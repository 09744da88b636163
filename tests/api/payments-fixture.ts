import { randomBytes } from "node:crypto"
import { beforeAll } from "vitest"
import { loadConfig } from "../../server/config.ts"
import { type Db, now } from "../../server/db/index.ts"
import { createDeps } from "../../server/lib/deps.ts"
import { firstEvent } from "../../server/services/order-status.ts"
import { confirmedCustomer } from "../support/users.ts"
import { type ApiServer, serverWithAdmin, type ServerOptions } from "./harness.ts"

/**
 * The payments' test ground: the harness's server (its options as given, or just its settings), its
 * database to insert orders and read what the API stored, two new customers signed in (the owner and
 * another customer), and two catalogue options of known prices.
 */
export function paymentsGround(options: ServerOptions | (() => Record<string, string>) = {}) {
  const server = serverWithAdmin(typeof options === "function" ? { env: options } : options)
  const g = {
    /** The harness's server (ApiServer: its url, administrator, database, sink). */
    server: server as ApiServer,
    db: undefined as unknown as Db,
    deps: undefined as unknown as ReturnType<typeof createDeps>,
    owner: { token: "", id: 0, email: "" },
    other: { token: "", id: 0 },
    /** 4 500 ₽ certificate + 1 200 ₽ token = 5 700 ₽. */
    optionIds: [] as number[],
  }
  beforeAll(async () => {
    g.db = server.db()
    g.deps = createDeps(g.db, loadConfig({ DATA_DIR: server.dataDir, JWT_SECRET: "x".repeat(40), ...server.env }))
    const owner = await customer(g.server.url, g.db)
    const other = await customer(g.server.url, g.db)
    g.owner = owner
    g.other = { token: other.token, id: other.id }
    const at = now()
    const tag = randomBytes(3).toString("hex")
    for (const [name, kind, price] of [
      [`Сертификат КЭП для торгов ${tag}`, "certificate", 4500],
      [`Защищённый носитель Рутокен ${tag}`, "token", 1200],
    ] as const) {
      const row = await g.db.kysely
        .insertInto("tariff_options")
        .values({ name, kind, tariff_id: null, period: kind === "certificate" ? 12 : null, price, tooltip: null, published: 1, created_at: at, updated_at: at })
        .returning("id")
        .executeTakeFirstOrThrow()
      g.optionIds.push(row.id)
    }
  })
  /** An order of `userId` in `status` with the two options (or `optionIds`), inserted with its first history row. */
  async function insertOrder(userId: number, status = "new", optionIds: readonly number[] = g.optionIds): Promise<number> {
    const at = now()
    const row = await g.db.kysely
      .insertInto("orders")
      .values({
        public_id: randomBytes(16).toString("hex"),
        user_id: userId,
        legal_person_id: null,
        status,
        applicant_kind: "entrepreneur",
        identification: "office",
        preset: "order_cert_entrepreneur",
        tariff_id: null,
        option_ids: JSON.stringify(optionIds),
        amount: 1,
        data: "{}",
        title: "ИП Иванов Иван Иванович",
        office_id: null,
        submitted_at: status === "draft" ? null : at,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    await g.db.kysely.insertInto("order_events").values(firstEvent(row.id, status as "new", at)).execute()
    return row.id
  }

  const orderStatus = async (id: number) => (await g.db.kysely.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status
  const paidEvents = async (id: number) => (await g.db.kysely.selectFrom("order_events").select("id").where("order_id", "=", id).where("to_status", "=", "paid").execute()).length
  const paymentsOf = (orderId: number) => g.db.kysely.selectFrom("payments").selectAll().where("order_id", "=", orderId).orderBy("id").execute()

  return { g, insertOrder, orderStatus, paidEvents, paymentsOf }
}

/** A new customer registered through the API, confirmed in the database and signed in. */
async function customer(url: string, db: Db): Promise<{ token: string; id: number; email: string }> {
  const c = await confirmedCustomer(url, db)
  return { token: c.jwt, id: c.id, email: c.email }
}
