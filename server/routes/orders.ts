import type { Selectable } from "kysely"
import type { Hono } from "hono"
import { isEditable, ORDER_STATUSES } from "../../schemas/entities/order.ts"
import { presets } from "../../schemas/forms/index.ts"
import type { FileValue } from "../../schemas/forms/types.ts"
import { orderMessages } from "../../schemas/messages/order.ts"
import { validatePresetInput } from "../../schemas/rules/index.ts"
import { now } from "../db/index.ts"
import type { OrdersTable } from "../db/schema.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { HttpError, idParam, notFound, readJson, unprocessable } from "../lib/http.ts"
import { requireUser } from "../lib/user-auth.ts"
import { moveOrder } from "../services/order-status.ts"
import { balanceOf } from "../services/payments/balance.ts"
import { orderEdited } from "../services/payments/payments.ts"
import { insertDraft } from "../services/order-drafts.ts"
import { orderPrefill } from "../services/order-prefill.ts"
import { bodyOf, columnsOf, priceOrder, readOrder, statusOf } from "../services/orders.ts"
import { identifiedByQes, type QesVerifier } from "../services/qes.ts"
import { qesMessages } from "../../schemas/messages/qes.ts"
import { orderQesRoutes } from "./orders-qes.ts"

const m = orderMessages.api
const EDITABLE = ORDER_STATUSES.filter(isEditable)

type OrderRow = Selectable<OrdersTable>

/** The order as the wizard and the account read it; `values` are the owner's own personal data. */
async function serialize(deps: Deps, row: OrderRow) {
  const data = JSON.parse(row.data) as { values?: Record<string, unknown>; period?: number | null }
  const optionIds = JSON.parse(row.option_ids) as number[]
  const price = await priceOrder(deps.db, optionIds)
  const balance = await balanceOf(deps.db.kysely, row.id)
  return {
    id: String(row.id),
    type: "lead" as const,
    attributes: {
      public_id: row.public_id,
      status: row.status,
      applicant_kind: row.applicant_kind,
      identification: row.identification,
      preset: row.preset,
      tariff_id: row.tariff_id === null ? null : String(row.tariff_id),
      period: data.period ?? null,
      option_ids: optionIds.map(String),
      amount: row.amount,
      // What payments kept and what is still due (docs/payments.md): the payment step offers the due.
      paid: balance.paid - balance.refunded,
      due: balance.due,
      items: price.items,
      title: row.title,
      values: data.values ?? {},
      office_id: row.office_id === null ? null : String(row.office_id),
      editable: isEditable(statusOf(row.status)),
      submitted_at: row.submitted_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  }
}

/** order_check without its buttons: the three confirmations the submit carries. */
const checkPreset = presets.order_check!

/**
 * The customer's orders (docs/orders.md): `POST /api/v1/uc/leads/` creates a draft (or, with
 * `submit: true` and order_check's confirmations, a submitted order); `GET|PUT /api/v1/uc/leads/{id}/`
 * read and change one while it is editable; `GET /api/v1/uc/leads/draft/` the newest draft;
 * `POST /api/v1/uc/leads/{id}/submit/` sends a draft. The amount is always the server's. Another
 * customer's order is a 404.
 */
export function orderRoutes(app: Hono<AppEnv>, deps: Deps, qes: QesVerifier): void {
  const k = deps.db.kysely
  const guard = requireUser(deps)
  const own = async (userId: number, id: number): Promise<OrderRow> => {
    const row = await k.selectFrom("orders").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst()
    if (!row) throw notFound()
    return row
  }

  /** Checks the stored order in full and the confirmations, records its scans, moves it to 'new'. */
  async function submit(userId: number, row: OrderRow, body: Record<string, unknown>): Promise<void> {
    if (row.status !== "draft") throw new HttpError(409, { message: m.notDraft })
    const check = validatePresetInput(checkPreset, body)
    const read = await readOrder(deps.db, userId, bodyOf(row), true)
    const errors = { ...(check.ok ? {} : check.errors), ...("errors" in read ? read.errors : {}) }
    if (Object.keys(errors).length > 0 || !("input" in read)) throw unprocessable(errors)
    const input = read.input
    // Remote identification by an existing qualified signature: the applicant signs the application
    // in the account after the submit (orders-qes.ts); the history says so.
    const note = identifiedByQes(input.identification, input.preset, input.values) ? qesMessages.submitNote : undefined
    const at = now()
    // Computed before the transaction: SQLite has one connection, which the transaction holds.
    const columns = await columnsOf(deps.db, input)
    await k.transaction().execute(async (trx) => {
      await trx.updateTable("orders").set(columns).where("id", "=", row.id).execute()
      await trx.deleteFrom("order_documents").where("order_id", "=", row.id).where("kind", "=", "upload").execute()
      for (const field of presets[input.preset]!.fields) {
        if (field.type !== "upload") continue
        for (const file of (input.values[field.name] ?? []) as readonly FileValue[]) {
          await trx
            .insertInto("order_documents")
            .values({ order_id: row.id, kind: "upload", field: field.name, title: field.label ?? field.name, file: JSON.stringify({ name: file.name, url: file.url, size: file.size ?? null, type: file.type ?? null }), created_at: at })
            .execute()
        }
      }
    })
    await moveOrder(deps, row.id, "new", { actor: "customer", ...(note ? { note } : {}) })
  }

  orderQesRoutes(app, deps, qes)

  const answer = async (id: number) => serialize(deps, await k.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow())

  app.post("/api/v1/uc/leads", guard, async (c) => {
    const user = c.get("user")
    const body = await readJson(c)
    const submitting = body.submit === true
    const read = await readOrder(deps.db, user.id, body, submitting)
    if ("errors" in read) throw unprocessable(read.errors)
    if (submitting) {
      const check = validatePresetInput(checkPreset, body)
      if (!check.ok) throw unprocessable(check.errors)
    }
    const input = read.input
    const id = await k.transaction().execute((trx) => insertDraft({ ...deps.db, kysely: trx }, user.id, input))
    if (submitting) {
      // A refused submit (the signature check) stores nothing: the new row goes again.
      await submit(user.id, await own(user.id, id), body).catch(async (err: unknown) => {
        await k.deleteFrom("order_events").where("order_id", "=", id).execute()
        await k.deleteFrom("orders").where("id", "=", id).execute()
        throw err
      })
    }
    return c.json({ data: await answer(id) }, 201)
  })

  // Before `/:id`: a returning customer's data by applicant kind, for a new order (their own; never cached).
  app.get("/api/v1/uc/leads/prefill", guard, async (c) => {
    c.header("Cache-Control", "no-store")
    return c.json({ data: await orderPrefill(deps.db, c.get("user").id) })
  })

  // Before `/:id`: the newest draft of the signed-in customer (another device resumes it), or null.
  app.get("/api/v1/uc/leads/draft", guard, async (c) => {
    const row = await k.selectFrom("orders").selectAll().where("user_id", "=", c.get("user").id).where("status", "=", "draft").orderBy("updated_at", "desc").orderBy("id", "desc").executeTakeFirst()
    return c.json({ data: row ? await serialize(deps, row) : null })
  })

  app.get("/api/v1/uc/leads/:id", guard, async (c) => {
    const row = await own(c.get("user").id, idParam(c))
    return c.json({ data: await serialize(deps, row) })
  })

  app.put("/api/v1/uc/leads/:id", guard, async (c) => {
    const user = c.get("user")
    const row = await own(user.id, idParam(c))
    if (!isEditable(statusOf(row.status))) throw new HttpError(409, { message: m.notEditable })
    const body = await readJson(c)
    // A submitted order stays complete: its changes are checked in full.
    const read = await readOrder(deps.db, user.id, body, row.status !== "draft")
    if ("errors" in read) throw unprocessable(read.errors)
    const columns = await columnsOf(deps.db, read.input)
    // Only while still editable, compared in the update: a payment that settled the order meanwhile wins.
    const updated = await k.updateTable("orders").set(columns).where("id", "=", row.id).where("status", "in", EDITABLE).executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, { message: m.notEditable })
    // Money may already be held for it: the order's due, its invoice and a surplus follow the new price.
    const changed = columns.option_ids !== row.option_ids || columns.title !== row.title || columns.amount !== Number(row.amount)
    await orderEdited(deps, row.id, changed)
    return c.json({ data: await answer(row.id) })
  })

  app.post("/api/v1/uc/leads/:id/submit", guard, async (c) => {
    const user = c.get("user")
    const row = await own(user.id, idParam(c))
    const body = await readJson(c)
    await submit(user.id, row, body)
    return c.json({ data: await answer(row.id) })
  })
}
