import { messages } from "../../schemas/messages.ts"
import type { ServerHooks } from "../lib/crud.ts"
import { hashPassword } from "../lib/passwords.ts"

const a = messages.accounts

/**
 * The CRM's administrators (schemas/resources/admin-users.ts): the password is hashed with argon2id
 * and only ever written; nobody deletes themselves or the last administrator.
 */
export const adminUserHooks: ServerHooks = {
  // A new password ends the sessions opened before it (see docs/auth.md).
  columns: async (input) =>
    typeof input.password === "string" && input.password !== ""
      ? { password_digest: await hashPassword(input.password), tokens_valid_after: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString() }
      : {},
  beforeDelete: async (db, id, c) => {
    if (c.get("admin").id === id) return { base: [a.cannotDeleteSelf] }
    const { n } = await db.kysely
      .selectFrom("admin_users")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow()
    return Number(n) <= 1 ? { base: [a.cannotDeleteLast] } : null
  },
}
