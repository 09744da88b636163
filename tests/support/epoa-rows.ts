import { randomUUID } from "node:crypto"
import { moscowToday } from "../../schemas/dates.ts"
import type { Db } from "../../server/db/index.ts"

const DAY_MS = 86_400_000
/** The Moscow day `days` from now, yyyy-MM-dd (the registry reads validity against Moscow's today). */
export const dayFromNow = (days: number) => moscowToday(Date.now() + days * DAY_MS)

/**
 * An МЧД row as the registry keeps it, in force for 300 days, issued to `over.representative_snils`:
 * for tests that need one without uploading a signed XML (the upload is tests/api/epoa.test.ts's).
 */
export function epoaRow(over: Record<string, unknown> = {}) {
  const at = new Date().toISOString()
  return {
    public_id: randomUUID().replace(/-/g, ""),
    number: randomUUID(),
    format_version: "EMCHD_1",
    principal_org: "ООО «Ромашка»",
    principal_inn: "7707083893",
    representative_name: "Иванов Иван Иванович",
    representative_snils: "",
    representative_inn: null,
    issued_on: dayFromNow(-2),
    valid_from: dayFromNow(-2),
    valid_until: dayFromNow(300),
    powers: "[]",
    status: "active",
    xml: "<x/>",
    signature: "",
    signature_report: "{}",
    created_at: at,
    updated_at: at,
    ...over,
  }
}

/** Inserts `epoaRow(over)`; its id and number. */
export async function insertEpoa(db: Db, over: Record<string, unknown> = {}): Promise<{ id: string; number: string }> {
  const values = epoaRow(over)
  const row = await db.kysely.insertInto("epoas").values(values).returning("id").executeTakeFirstOrThrow()
  return { id: String(row.id), number: values.number }
}
