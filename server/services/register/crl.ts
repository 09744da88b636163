import type { Kysely, Transaction } from "kysely"
import { CRL_NEXT_UPDATE_HOURS } from "../../../schemas/constants.ts"
import { CERTIFICATE_HOLD } from "../../../schemas/entities/certificate.ts"
import type { Db } from "../../db/index.ts"
import type { Database } from "../../db/schema.ts"
import { type Ca, caKeyId } from "./ca.ts"

type Writer = Kysely<Database> | Transaction<Database>

/**
 * Our CA's full CRL (RFC 5280), rebuilt from the register: every certificate our CA issued (its
 * issuer is the CA's subject) that is revoked (its reason) or suspended (certificateHold). A resumed
 * certificate is simply left out (removeFromCRL belongs to delta CRLs, which we do not publish).
 * The number rises by one at every rebuild; the row is locked first on PostgreSQL, so two changes
 * at once never publish one number twice. Call it inside the change's transaction.
 */
export async function rebuildCrl(trx: Writer, dialect: Db["dialect"], ca: Ca, at: Date = new Date()): Promise<{ number: number; der: Uint8Array }> {
  const keyId = caKeyId(ca)
  const thisUpdate = new Date(Math.floor(at.getTime() / 1000) * 1000)
  const nextUpdate = new Date(thisUpdate.getTime() + CRL_NEXT_UPDATE_HOURS * 3_600_000)
  await trx
    .insertInto("crls")
    .values({ issuer_key_id: keyId, number: 0, this_update: thisUpdate.toISOString(), next_update: nextUpdate.toISOString(), der: "", updated_at: thisUpdate.toISOString() })
    .onConflict((oc) => oc.column("issuer_key_id").doNothing())
    .execute()
  let q = trx.selectFrom("crls").select(["id", "number"]).where("issuer_key_id", "=", keyId)
  if (dialect === "postgres") q = q.forUpdate()
  const current = await q.executeTakeFirstOrThrow()
  const rows = await trx
    .selectFrom("certificates")
    .select(["serial", "revoked_at", "revocation_reason", "status"])
    .where("status", "in", ["revoked", "suspended"])
    .where("issuer_dn", "=", ca.certificate.subject.text)
    .orderBy("id")
    .execute()
  const entries = rows.map((r) => ({
    serial: r.serial,
    revokedAt: new Date(r.revoked_at ?? thisUpdate.toISOString()),
    reason: r.status === "suspended" ? CERTIFICATE_HOLD : (r.revocation_reason ?? 0),
  }))
  const number = Number(current.number) + 1
  const der = ca.buildCrl(entries, number, thisUpdate, nextUpdate)
  await trx
    .updateTable("crls")
    .set({ number, this_update: thisUpdate.toISOString(), next_update: nextUpdate.toISOString(), der: Buffer.from(der).toString("base64"), updated_at: new Date().toISOString() })
    .where("id", "=", current.id)
    .execute()
  return { number, der }
}

/** The stored CRL of a key id (DER), or null when there is none. */
export async function storedCrl(db: Db, keyId: string): Promise<{ der: Uint8Array; thisUpdate: string; nextUpdate: string } | null> {
  const row = await db.kysely.selectFrom("crls").select(["der", "this_update", "next_update"]).where("issuer_key_id", "=", keyId).executeTakeFirst()
  if (!row || row.der === "") return null
  return { der: new Uint8Array(Buffer.from(row.der, "base64")), thisUpdate: row.this_update, nextUpdate: row.next_update }
}

/**
 * The CA's stored CRL, built first when there is none, or with `fresh` when it has passed its
 * nextUpdate (a page that shows its dates never shows a stale one); null if none could be built.
 */
export async function crlOf(db: Db, ca: Ca, options: { readonly fresh?: boolean } = {}): Promise<{ der: Uint8Array; thisUpdate: string; nextUpdate: string } | null> {
  const keyId = caKeyId(ca)
  const stored = await storedCrl(db, keyId)
  if (stored && !(options.fresh && new Date(stored.nextUpdate).getTime() <= Date.now())) return stored
  await ensureCrl(db, ca)
  return storedCrl(db, keyId)
}

/**
 * At startup: builds the CA's CRL when there is none yet (an empty CRL is valid), or when the stored
 * one has passed its nextUpdate (a CRL past it is stale to every relying party). Safe with several
 * servers: the rebuild runs in a transaction holding the row.
 */
export async function ensureCrl(db: Db, ca: Ca): Promise<void> {
  const stored = await storedCrl(db, caKeyId(ca))
  if (stored && new Date(stored.nextUpdate).getTime() > Date.now() + 3_600_000) return
  await db.kysely.transaction().execute((trx) => rebuildCrl(trx, db.dialect, ca))
}
