import { readFileSync } from "node:fs"
import { sql } from "kysely"
import type { Deps } from "../../lib/env.ts"
import { type AcceptedEpoa, acceptEpoa } from "../../services/epoa/accept.ts"
import { insertEpoa, revokeEpoa } from "../../services/epoa/registry.ts"
import { now } from "../index.ts"

/** Its own marker: data directories seeded before the МЧД registry get the demo МЧД on their next start. */
export const EPOAS = "epoas_at"

/**
 * The demo МЧД (docs/epoa.md; never with NODE_ENV=production): ООО «Ромашка» (the demo director's
 * company) to Иванов Иван Иванович (the demo user) — one in force, one revoked, one expired. Their XML
 * and detached signatures (by the director's demo key, tests/fixtures/pki/director-romashka.key) were
 * made once and committed in ./epoas/; each goes through the same checks as an upload, so a seed that
 * no longer passes them fails loudly. After the trust roots and the register (the signer's chain).
 */
const DEMO = [
  { file: "active", revoke: null },
  { file: "revoked", revoke: "Сотрудник переведён в другое подразделение" },
  { file: "expired", revoke: null },
] as const

const read = (name: string) => new Uint8Array(readFileSync(new URL(`./epoas/${name}`, import.meta.url)))

export async function seedEpoas(deps: Pick<Deps, "db">, lock: number): Promise<void> {
  const { db } = deps
  const k = db.kysely
  if (await k.selectFrom("app_meta").select("value").where("key", "=", EPOAS).executeTakeFirst()) return
  // The checks (XSD, the signature) run before the transaction: they read the trust roots themselves.
  const accepted: { file: string; revoke: string | null; epoa: AcceptedEpoa }[] = []
  // Checked on this thread: the server answers nobody yet, and a start needs no worker threads.
  for (const d of DEMO) accepted.push({ ...d, epoa: await acceptEpoa({ db }, read(`${d.file}.xml`), read(`${d.file}.xml.sig`)) })
  await k.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${lock})`.execute(trx)
    if (await trx.selectFrom("app_meta").select("value").where("key", "=", EPOAS).executeTakeFirst()) return
    const tx = { ...db, kysely: trx }
    for (const a of accepted) {
      if (await trx.selectFrom("epoas").select("id").where("number", "=", a.epoa.parsed.number).executeTakeFirst()) continue
      const legal = await trx.selectFrom("legal_persons").select("id").where("inn", "=", a.epoa.parsed.principal.inn).executeTakeFirst()
      const row = await insertEpoa(tx, { ...a.epoa, legalPersonId: legal ? Number(legal.id) : null, userId: null, adminId: null })
      if (a.revoke) await revokeEpoa(tx, row, a.revoke)
    }
    await trx.insertInto("app_meta").values({ key: EPOAS, value: now() }).execute()
  })
}
