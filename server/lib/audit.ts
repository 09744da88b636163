import type { Context } from "hono"
import type { Kysely } from "kysely"
import { now } from "../db/index.ts"
import type { Database } from "../db/schema.ts"
import type { AppEnv } from "./env.ts"

/** A CRM write, or a staff member's download of a private file (server/routes/uploads.ts). */
export type AuditAction = "create" | "update" | "delete" | "restore" | "download"

/**
 * Columns never written to the log: an administrator's password digest, session cutoff and sealed TOTP
 * secret (with its last step), a certificate's code word hash.
 */
const SECRET_COLUMNS = new Set(["password_digest", "tokens_valid_after", "totp_secret", "totp_last_step", "code_word_hash"])

/** A stored row as the log keeps it: JSON text of its columns, secrets left out. */
export const auditJson = (row: Readonly<Record<string, unknown>> | null | undefined): string | null =>
  row ? JSON.stringify(Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_COLUMNS.has(k)))) : null

export interface AuditEntry {
  readonly resource: string
  readonly recordId: number
  readonly action: AuditAction
  readonly before?: Readonly<Record<string, unknown>> | null
  readonly after?: Readonly<Record<string, unknown>> | null
}

/**
 * Records CRM writes in `audit_log` (who: the administrator's id and e-mail; when; which resource
 * and record; the fields before and after). Called inside the write's transaction, so a write and its
 * entry are stored together or not at all; a download is logged before its bytes are sent.
 */
export async function recordAudit(db: Kysely<Database>, c: Context<AppEnv>, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return
  const admin = c.get("admin")
  const at = now()
  for (let i = 0; i < entries.length; i += 200) {
    await db
      .insertInto("audit_log")
      .values(
        entries.slice(i, i + 200).map((e) => ({
          admin_user_id: admin.id,
          admin_email: admin.email,
          resource: e.resource,
          record_id: e.recordId,
          action: e.action,
          before: auditJson(e.before),
          after: auditJson(e.after),
          created_at: at,
        })),
      )
      .execute()
  }
}
