import { afterAll, beforeAll } from "vitest"
import type { ApiServer } from "../api/helpers.ts"

/**
 * Puts the server's trust list back as the test file found it once the file is done: an upload
 * replaces the list, and on PostgreSQL every test file shares one database whose later files expect
 * the bundled roots (which are seeded only once per database). Call it after `serverWithAdmin()`.
 */
export function keepTrustList(api: ApiServer): void {
  let saved: Array<Record<string, unknown>> = []
  beforeAll(async () => {
    saved = await api.db().kysely.selectFrom("trust_roots").selectAll().execute()
  })
  afterAll(async () => {
    await api
      .db()
      .kysely.transaction()
      .execute(async (trx) => {
        await trx.deleteFrom("trust_roots").execute()
        for (let i = 0; i < saved.length; i += 100) await trx.insertInto("trust_roots").values(saved.slice(i, i + 100) as never).execute()
      })
  })
}
