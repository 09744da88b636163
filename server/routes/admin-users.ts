import type { Hono } from "hono"
import { AdminUserInput } from "../../schemas/entities/admin-user-input.ts"
import type { AdminUserResource } from "../../schemas/entities/admin-user.ts"
import { messages } from "../../schemas/messages.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import type { AdminUsersTable } from "../db/schema.ts"
import { mountCrud } from "../lib/crud.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { hashPassword } from "../lib/passwords.ts"

type AdminRow = Pick<AdminUsersTable, "email" | "fullname"> & { id: number }

/** Never the password digest. */
export const serializeAdminUser = (r: AdminRow): AdminUserResource => ({
  id: String(r.id),
  type: "admin_user",
  attributes: { email: r.email, fullname: r.fullname },
})

/** CRM administrators: the generic CRUD; the password is hashed with argon2id and only ever written. */
export function adminUserRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const a = messages.accounts
  mountCrud(app, deps, {
    path: "/api/v2/crm/admin_users",
    table: "admin_users",
    wrapper: "admin_user",
    input: AdminUserInput,
    search: ["email", "fullname"],
    order: [["email", "asc"], ["id", "asc"]],
    toInput: (r) => ({ email: r.email, fullname: r.fullname }),
    toValues: async (i) => ({
      email: i.email.trim().toLowerCase(),
      fullname: i.fullname.trim(),
      // A new password ends the sessions opened before it (see docs/auth.md).
      ...(i.password
        ? { password_digest: await hashPassword(i.password), tokens_valid_after: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString() }
        : {}),
    }),
    serialize: async (_db, rows) => (rows as AdminRow[]).map(serializeAdminUser),
    check: async (db, input, id): Promise<FieldErrors | null> => {
      if (id === null && !input.password) return { password: [messages.validation.required] }
      let q = db.kysely.selectFrom("admin_users").select("id").where("email", "=", input.email.trim().toLowerCase())
      if (id !== null) q = q.where("id", "<>", id)
      return (await q.executeTakeFirst()) ? { email: [a.adminEmailTaken] } : null
    },
    beforeDelete: async (db, id, c) => {
      if (c.get("admin").id === id) return { base: [a.cannotDeleteSelf] }
      const { n } = await db.kysely
        .selectFrom("admin_users")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow()
      return Number(n) <= 1 ? { base: [a.cannotDeleteLast] } : null
    },
  })
}
