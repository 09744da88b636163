import type { Hono } from "hono"
import { DIRECTOR_LEVEL } from "../../schemas/constants.ts"
import type { LegalPersonsTable } from "../db/schema.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { idParam, notFound } from "../lib/http.ts"
import { requireUser } from "../lib/user-auth.ts"

type LegalPersonRow = Pick<LegalPersonsTable, "name" | "inn" | "kpp" | "ogrn"> & { id: number }

export const serializeLegalPerson = (r: LegalPersonRow) => ({
  id: String(r.id),
  type: "legal_person" as const,
  attributes: { name: r.name, inn: r.inn, kpp: r.kpp, ogrn: r.ogrn },
})

/** The account's legal persons: only the ones the user directs, only at director level (server-enforced). */
export function legalPersonRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const guard = requireUser(deps, { level: DIRECTOR_LEVEL })
  const mine = (userId: number) =>
    k.selectFrom("legal_persons").select(["id", "name", "inn", "kpp", "ogrn"]).where("director_user_id", "=", userId)

  app.get("/api/v1/lk/legal_person", guard, async (c) => {
    const rows = await mine(c.get("user").id).orderBy("name").orderBy("id").execute()
    return c.json({ data: rows.map(serializeLegalPerson) })
  })
  app.get("/api/v1/lk/legal_person/:id", guard, async (c) => {
    const row = await mine(c.get("user").id).where("id", "=", idParam(c)).executeTakeFirst()
    if (!row) throw notFound()
    return c.json({ data: serializeLegalPerson(row) })
  })
}
