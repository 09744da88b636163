import { emptyRequisites, missingRequisites, REQUISITE_KEYS, type Requisites } from "../../schemas/requisites.ts"
import { requisitesMessages } from "../../schemas/messages/requisites.ts"
import type { Kysely } from "kysely"
import type { Db } from "../db/index.ts"
import type { Database } from "../db/schema.ts"
import { HttpError } from "../lib/http.ts"

/** The operator's requisites as the CRM keeps them (one row; blank values while not filled). */
export const readRequisites = (db: Db): Promise<Requisites> => requisitesIn(db.kysely)

/** The same, read through a transaction or a connection (the seed's). */
export async function requisitesIn(k: Kysely<Database>): Promise<Requisites> {
  const row = await k.selectFrom("requisites").selectAll().orderBy("id", "asc").executeTakeFirst()
  if (!row) return emptyRequisites()
  return Object.fromEntries(REQUISITE_KEYS.map((k) => [k, String(row[k] ?? "").trim()])) as Requisites
}

/**
 * The requisites a document needs, complete, or a 503 naming what is missing: an invoice with a
 * payment QR, an act or an application is never made from plausible-but-false or blank details.
 * 503 and not 4xx: the customer's request is right, the service cannot serve it until staff fill
 * the record (docs/payments.md, «Реквизиты»).
 */
export async function completeRequisites(db: Db, document: keyof typeof requisitesMessages.unavailable): Promise<Requisites> {
  const r = await readRequisites(db)
  const missing = missingRequisites(r)
  if (missing.length > 0) throw new HttpError(503, { message: requisitesMessages.unavailable[document](missing), missing })
  return r
}

/** The operator as the site's configuration and the company's card name it: null until its name is filled. */
export const operatorOf = (r: Requisites) => (r.name ? { name: r.name, inn: r.inn, ogrn: r.ogrn, address: r.legal_address } : null)
