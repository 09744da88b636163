import { randomInt } from "node:crypto"
import { shortDay } from "../../schemas/dates.ts"
import { licenceMessages } from "../../schemas/messages/services.ts"
import type { Requisites } from "../../schemas/requisites.ts"
import { now } from "../db/index.ts"
import type { OrderHook } from "./order-hooks.ts"
import { optionIdsOf } from "./payments/amount.ts"
import { balanceOf } from "./payments/balance.ts"
import { buildPdf } from "./pdf.ts"

/** Characters of a CryptoPro serial: digits and Latin capitals. */
const SERIAL_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

/** A serial in CryptoPro's format: 25 characters in five groups of five, `XXXXX-XXXXX-XXXXX-XXXXX-XXXXX`. */
export function licenceSerial(): string {
  const group = () => Array.from({ length: 5 }, () => SERIAL_ALPHABET[randomInt(SERIAL_ALPHABET.length)]).join("")
  return Array.from({ length: 5 }, group).join("-")
}

export const SERIAL_PATTERN = /^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/

/**
 * An order became 'paid': each option of kind 'license' among its options becomes a licence of the
 * customer, once (the unique index of 0013_licences: a repeated or concurrent move inserts nothing).
 * Only for an order paid in full: its kept payments (staff's mark included, payments/hooks.ts) cover its price.
 */
export const licencesOnPaid: OrderHook = async (deps, orderId, move) => {
  if (move.to !== "paid") return
  const k = deps.db.kysely
  const order = await k.selectFrom("orders").select(["id", "user_id", "option_ids"]).where("id", "=", orderId).executeTakeFirst()
  if (!order) return
  const balance = await balanceOf(k, orderId)
  if (balance.due > 0) {
    deps.log.error({ orderId, due: balance.due }, "licences: the order is not paid in full; nothing issued")
    return
  }
  const ids = optionIdsOf(order.option_ids)
  if (ids.length === 0) return
  const options = await k.selectFrom("tariff_options").select(["id", "name"]).where("id", "in", ids).where("kind", "=", "license").orderBy("id").execute()
  for (const option of options) {
    await k
      .insertInto("licences")
      .values({ order_id: Number(order.id), user_id: Number(order.user_id), option_id: Number(option.id), product: option.name, serial: licenceSerial(), confirmed_at: null, created_at: now() })
      .onConflict((oc) => oc.columns(["order_id", "option_id"]).doNothing())
      .execute()
  }
}

export interface LicenceInput {
  readonly product: string
  readonly serial: string
  readonly period: number | null
  readonly orderId: number
  readonly licensee: string
  readonly createdAt: string
}

const t = licenceMessages.pdf

/** The licence certificate 'Лицензия на право использования СКЗИ «КриптоПро CSP»' with its serial. */
export function licencePdf(r: Requisites, l: LicenceInput): Promise<Uint8Array> {
  return buildPdf({ title: t.title, author: `${t.author} ${r.name}` }, (w) => {
    w.heading(t.title, 14)
    w.text(t.holder)
    w.text(t.seller(r.name, r.inn))
    w.space(8)
    w.facts([
      [t.product, l.product],
      [t.serial, l.serial],
      [t.period, l.period === null ? licenceMessages.perpetual : licenceMessages.months(l.period)],
      [t.licensee, l.licensee],
      [t.order, t.orderText(l.orderId)],
      [t.issued, shortDay(l.createdAt)],
    ])
    w.space(6)
    w.text(t.terms, { size: 9 })
  })
}
