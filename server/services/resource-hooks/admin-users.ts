import { crmMessages } from "../../../schemas/messages/crm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import type { Deps } from "../../lib/env.ts"
import type { ServerHooks } from "../../lib/crud.ts"
import { hashPassword } from "../../lib/passwords.ts"
import { endSessions } from "../accounts.ts"

const a = messages.accounts

/**
 * The CRM's administrators (schemas/resources/admin-users.ts): the password is hashed with argon2id
 * and only ever written; nobody deletes themselves or the last 'Администратор', nor takes that role
 * from them (the CRM would be left without anyone to manage its administrators). The office is a
 * reference: that it exists and its name in the answer (`office_name`) come from its field's type
 * (server/lib/declared-fields.ts).
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

export const adminUserHooks: ServerHooks = {
  check: async (db, input, id) => {
    const errors: Record<string, string[]> = {}
    if (id !== null && input.role !== "admin" && (await isAdmin(db, id)) && (await countAdmins(db)) <= 1) errors.role = [crmMessages.lastAdminRole]
    return Object.keys(errors).length > 0 ? errors : null
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
