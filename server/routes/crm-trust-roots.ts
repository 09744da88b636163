import type { Hono } from "hono"
import { ADMIN_ONLY } from "../../schemas/roles.ts"
import { validationMessages as t } from "../../schemas/messages/validation.ts"
import { now } from "../db/index.ts"
import { trustRootRow } from "../db/seed/trust-roots.ts"
import { assertRole } from "../lib/admin-auth.ts"
import { recordAudit } from "../lib/audit.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { unprocessable } from "../lib/http.ts"
import { readTrustList } from "../services/heavy-work.ts"
import { PkiInputError } from "../services/pki/types.ts"
import { discardFile, receiveForm } from "../services/uploads.ts"

const FIELD = "file"

/**
 * `POST /api/v2/crm/trust_roots/upload/` (administrators; multipart `file`: a PEM bundle, a .cer/.crt,
 * a ZIP of them or the Минцифры TSL.xml): replaces the accredited CAs' part of the trust list (sources
 * 'bundled' and 'uploaded'; the demo CA stays) with the file's certificates, in one transaction logged
 * in the audit log. A file without certificates is 422 and changes nothing. The trust store sees the
 * new list at its next call (trust.ts compares the list's version).
 */
export function crmTrustRootRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  app.post("/api/v2/crm/trust_roots/upload", async (c) => {
    assertRole(c, ADMIN_ONLY)
    const { file } = await receiveForm(c, deps.config.uploadDir, FIELD)
    try {
      if (!file || file.size === 0) throw unprocessable({ [FIELD]: [t.input.notRootList] })
      let list
      try {
        list = await readTrustList(deps, { path: file.path })
      } catch (error) {
        if (error instanceof PkiInputError) throw unprocessable({ [FIELD]: [error.message] })
        throw error
      }
      const at = now()
      const count = await k.transaction().execute(async (trx) => {
        const demo = new Set((await trx.selectFrom("trust_roots").select("thumbprint").where("source", "=", "demo").execute()).map((r) => r.thumbprint))
        const removed = await trx.selectFrom("trust_roots").select(["id", "name", "thumbprint", "source"]).where("source", "!=", "demo").execute()
        await trx.deleteFrom("trust_roots").where("source", "!=", "demo").execute()
        const added = list.filter((info) => !demo.has(info.thumbprint))
        const entries = []
        for (const info of added) {
          const row = trustRootRow(info, "uploaded", at)
          const { id } = await trx.insertInto("trust_roots").values(row).returning("id").executeTakeFirstOrThrow()
          entries.push({ resource: "trust_roots", recordId: Number(id), action: "create" as const, after: { name: row.name, thumbprint: row.thumbprint, source: row.source } })
        }
        await recordAudit(trx, c, [...removed.map((r) => ({ resource: "trust_roots", recordId: Number(r.id), action: "delete" as const, before: r })), ...entries])
        return added.length
      })
      return c.json({ meta: { count, message: t.trustList.replaced(count) } })
    } finally {
      await discardFile(file)
    }
  })
}
