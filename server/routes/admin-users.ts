import { crmMessages } from "../../schemas/crm-messages.ts"
import { messages } from "../../schemas/messages.ts"
import { adminUsers } from "../../schemas/resources/admin-users.ts"
import type { Deps } from "../lib/env.ts"
import type { Row, ServerHooks } from "../lib/crud.ts"
import { hashPassword } from "../lib/passwords.ts"
import { endSessions } from "../services/accounts.ts"

const a = messages.accounts

/**
 * The CRM's administrators (schemas/resources/admin-users.ts): the password is hashed with argon2id
 * and only ever written; nobody deletes themselves or the last 'Администратор', nor takes that role
 * from them (the CRM would be left without anyone to manage its administrators). The office named
 * must exist; the answer carries its name (`office_name`) for the list.
 */
const countAdmins = async (db: Deps["db"]) =>
  Number(
    (
      await db.kysely
        .selectFrom("admin_users")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("role", "=", "admin")
        .executeTakeFirstOrThrow()
    ).n,
  )

const isAdmin = async (db: Deps["db"], id: number) =>
  (await db.kysely.selectFrom("admin_users").select("role").where("id", "=", id).executeTakeFirst())?.role === "admin"

const officeExists = async (db: Deps["db"], id: number) => !!(await db.kysely.selectFrom("offices").select("id").where("id", "=", id).executeTakeFirst())

export const adminUserHooks: ServerHooks = {
  check: async (db, input, id) => {
    const errors: Record<string, string[]> = {}
    if (id !== null && input.role !== "admin" && (await isAdmin(db, id)) && (await countAdmins(db)) <= 1) errors.role = [crmMessages.lastAdminRole]
    if (typeof input.office_id === "number" && !(await officeExists(db, input.office_id))) errors.office_id = [crmMessages.unknownOffice]
    return Object.keys(errors).length > 0 ? errors : null
  },
  serialize: async (db, rows: Row[]) => {
    const ids = [...new Set(rows.map((r) => r.office_id).filter((v): v is number => typeof v === "number"))]
    const found = ids.length > 0 ? await db.kysely.selectFrom("offices").select(["id", "name"]).where("id", "in", ids).execute() : []
    const names = new Map(found.map((o) => [Number(o.id), o.name]))
    return rows.map((row) => adminUsers.serialize({ ...row, office_name: typeof row.office_id === "number" ? (names.get(row.office_id) ?? null) : null }))
  },
  // A new password ends the sessions issued before it, in the same second too (docs/auth.md).
  columns: async (input, id) =>
    typeof input.password === "string" && input.password !== ""
      ? { password_digest: await hashPassword(input.password), ...(id !== null ? endSessions() : {}) }
      : {},
  beforeDelete: async (db, id, c) => {
    if (c.get("admin").id === id) return { base: [a.cannotDeleteSelf] }
    return (await isAdmin(db, id)) && (await countAdmins(db)) <= 1 ? { base: [a.cannotDeleteLast] } : null
  },
}
