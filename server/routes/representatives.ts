import type { Hono } from "hono"
import { DIRECTOR_LEVEL } from "../../schemas/constants.ts"
import { representative_frm } from "../../schemas/forms/representative_frm.ts"
import type { FormValues } from "../../schemas/forms/types.ts"
import { messages } from "../../schemas/messages/common.ts"
import { user_confirm_phone_frm } from "../../schemas/forms/user_confirm_phone_frm.ts"
import { normalizePhone } from "../../schemas/rules/check-digits.ts"
import { representativeMessages } from "../../schemas/messages/services.ts"
import { now } from "../db/index.ts"
import type { RepresentativesTable } from "../db/schema.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { readPreset, withoutAgreement } from "../lib/forms.ts"
import { asId, idParam, notFound, unprocessable } from "../lib/http.ts"
import { accountKeys, createThrottle } from "../lib/throttle.ts"
import { requireUser } from "../lib/user-auth.ts"
import { checkPhoneCode } from "../services/accounts.ts"

/** The body this route reads (also the API description's, server/openapi). */
export const input = withoutAgreement(representative_frm)
const m = representativeMessages

type RepresentativeRow = Omit<RepresentativesTable, "id"> & { id: number; legal_person_name: string }

/** SNILS as the card shows it: only the two check digits, `***-***-*** 01`. */
export const maskSnils = (snils: string | null) => (snils ? `***-***-*** ${snils.slice(-2)}` : null)

/** The phone-code purpose of one representative (phone_codes.purpose, at most 32 characters). */
export const representativePurpose = (id: number) => `representative:${id}` as const

/** A representative for the API; the whole SNILS only when `full` (the single read, for the edit form). */
export function serializeRepresentative(r: RepresentativeRow, full = false) {
  return {
    id: String(r.id),
    type: "representative" as const,
    attributes: {
      legal_person_id: String(r.legal_person_id),
      legal_person_name: r.legal_person_name,
      last_name: r.last_name,
      first_name: r.first_name,
      middle_name: r.middle_name,
      position: r.position,
      email: r.email,
      phone: r.phone,
      phone_confirmed: r.phone_confirmed_at !== null,
      phone_confirmed_at: r.phone_confirmed_at,
      snils_masked: maskSnils(r.snils),
      ...(full ? { snils: r.snils } : {}),
    },
  }
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null)

/** The stored columns of a checked form. */
function columnsOf(values: FormValues) {
  const snils = text(values.snils)?.replace(/\D/g, "") ?? null
  return {
    last_name: text(values.last_name) ?? "",
    first_name: text(values.first_name) ?? "",
    middle_name: text(values.middle_name),
    position: text(values.position) ?? "",
    email: text(values.email)?.toLowerCase() ?? "",
    // The preset's phone rule passed, so it normalizes.
    phone: normalizePhone(String(values.phone)) ?? String(values.phone),
    snils: snils || null,
  }
}

/**
 * Representatives of the director's legal persons (docs/account-services.md), director level only
 * (a level-2 token; 403 at level 1), and only of the legal persons the user directs: another's
 * representative or legal person is 404; choosing another's legal person in the form is 422.
 * `GET/POST /api/v1/lk/representatives/` (`?legal_person_id`), `GET/PUT/DELETE …/{id}/`,
 * `POST …/{id}/confirm_phone/` with the SMS code sent by `POST /api/v1/phone_codes/`
 * `{ purpose: "representative", representative_id }`.
 */
export function representativeRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const guard = requireUser(deps, { level: DIRECTOR_LEVEL })
  const throttle = createThrottle(deps.db, deps.config)

  const mine = (userId: number) =>
    k
      .selectFrom("representatives as r")
      .innerJoin("legal_persons as lp", "lp.id", "r.legal_person_id")
      .selectAll("r")
      .select("lp.name as legal_person_name")
      .where("lp.director_user_id", "=", userId)
  const one = async (userId: number, id: number) => {
    const row = (await mine(userId).where("r.id", "=", id).executeTakeFirst()) as RepresentativeRow | undefined
    if (!row) throw notFound()
    return row
  }
  /** The chosen legal person, when the user directs it; else the field's 422. */
  const directedLegalPerson = async (userId: number, raw: unknown) => {
    const id = asId(String(raw ?? ""))
    const lp = id ? await k.selectFrom("legal_persons").select("id").where("id", "=", id).where("director_user_id", "=", userId).executeTakeFirst() : undefined
    if (!lp) throw unprocessable({ legal_person_id: [m.legalPersonUnknown] })
    return Number(lp.id)
  }

  app.get("/api/v1/lk/representatives", guard, async (c) => {
    const userId = c.get("user").id
    const raw = c.req.query("legal_person_id")
    let query = mine(userId)
    if (raw !== undefined && raw !== "") {
      const lpId = asId(raw)
      const lp = lpId ? await k.selectFrom("legal_persons").select("id").where("id", "=", lpId).where("director_user_id", "=", userId).executeTakeFirst() : undefined
      if (!lp) throw notFound()
      query = query.where("r.legal_person_id", "=", Number(lp.id))
    }
    const rows = (await query.orderBy("r.last_name").orderBy("r.first_name").orderBy("r.id").execute()) as RepresentativeRow[]
    return c.json({ data: rows.map((r) => serializeRepresentative(r)) })
  })

  app.get("/api/v1/lk/representatives/:id", guard, async (c) => c.json({ data: serializeRepresentative(await one(c.get("user").id, idParam(c)), true) }))

  app.post("/api/v1/lk/representatives", guard, async (c) => {
    const userId = c.get("user").id
    const { values } = await readPreset(c, input)
    const legalPersonId = await directedLegalPerson(userId, values.legal_person_id)
    const at = now()
    const { id } = await k
      .insertInto("representatives")
      .values({ legal_person_id: legalPersonId, ...columnsOf(values), phone_confirmed_at: null, created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
    return c.json({ data: serializeRepresentative(await one(userId, Number(id)), true) }, 201)
  })

  app.put("/api/v1/lk/representatives/:id", guard, async (c) => {
    const userId = c.get("user").id
    const current = await one(userId, idParam(c))
    const { values } = await readPreset(c, input)
    const legalPersonId = await directedLegalPerson(userId, values.legal_person_id)
    const columns = columnsOf(values)
    // A new phone number is not confirmed yet.
    const phoneConfirmedAt = columns.phone === current.phone ? current.phone_confirmed_at : null
    await k
      .updateTable("representatives")
      .set({ legal_person_id: legalPersonId, ...columns, phone_confirmed_at: phoneConfirmedAt, updated_at: now() })
      .where("id", "=", current.id)
      .execute()
    return c.json({ data: serializeRepresentative(await one(userId, current.id), true) })
  })

  app.delete("/api/v1/lk/representatives/:id", guard, async (c) => {
    const current = await one(c.get("user").id, idParam(c))
    await k.deleteFrom("representatives").where("id", "=", current.id).execute()
    return c.body(null, 204)
  })

  app.post("/api/v1/lk/representatives/:id/confirm_phone", guard, async (c) => {
    const user = c.get("user")
    const current = await one(user.id, idParam(c))
    const { values } = await readPreset(c, user_confirm_phone_frm)
    const keys = accountKeys(c, deps.config, user.id)
    await throttle.attempt("phone_code_check", keys)
    if (!(await checkPhoneCode(deps, user.id, representativePurpose(current.id), String(values.phone_code)))) throw unprocessable({ phone_code: [messages.accounts.wrongPhoneCode] })
    await throttle.succeeded("phone_code_check", keys)
    await k.updateTable("representatives").set({ phone_confirmed_at: now() }).where("id", "=", current.id).execute()
    return c.json({ data: serializeRepresentative(await one(user.id, current.id)) })
  })
}
