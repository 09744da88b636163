import type { Context, Hono } from "hono"
import { createMiddleware } from "hono/factory"
import { decodeJwt } from "jose"
import { REQUEST_RATE_WINDOW_MS, UPLOAD_RATE_MAX } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { UPLOADS_SECTION } from "../../schemas/resources/audit-log.ts"
import { allows, ORDER_ROLES } from "../../schemas/roles.ts"
import { UPLOAD_EXTENSIONS } from "../../schemas/rules/files.ts"
import { now } from "../db/index.ts"
import type { UploadOwnerKind } from "../db/schema.ts"
import { requireAdmin, roleOf } from "../lib/admin-auth.ts"
import { requestToken } from "../lib/session-cookie.ts"
import { recordAudit } from "../lib/audit.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { notFound, unprocessable } from "../lib/http.ts"
import { limitRequests } from "../lib/throttle.ts"
import { requireUser } from "../lib/user-auth.ts"
import { privateFileResponse } from "../services/storage/responses.ts"
import { contentTypeOf, discardFile, keepFile, newFileId, receiveForm, typeError } from "../services/uploads.ts"

const FIELD = "file"

/** The token's own `ctx` claim picks the guard that then verifies it fully (site user or administrator). */
const contextOf = (token: string | undefined): string | null => {
  if (!token) return null
  try {
    const ctx = decodeJwt(token).ctx
    return typeof ctx === "string" ? ctx : null
  } catch {
    return null
  }
}

const ownerOf = (c: Context<AppEnv>): { kind: UploadOwnerKind; id: number } =>
  c.get("token").ctx === "admin" ? { kind: "admin", id: c.get("admin").id } : { kind: "user", id: c.get("user").id }

/** The e-mail of a file's owner, for the audit entry (null when the account is gone). */
async function ownerEmail(k: Deps["db"]["kysely"], kind: UploadOwnerKind, id: number): Promise<string | null> {
  const row = kind === "admin"
    ? await k.selectFrom("admin_users").select("email").where("id", "=", id).executeTakeFirst()
    : await k.selectFrom("users").select("email").where("id", "=", id).executeTakeFirst()
  return row?.email ?? null
}

/**
 * Visitors' documents: `POST /api/v1/uploads/` (multipart, field `file`) by a signed-in site user or an
 * administrator → 201 `{ name, url, size, type }`; `GET /api/v1/uploads/{id}/` gives the file back to
 * its owner and to the staff who handle orders ('Администратор', 'Оператор УЦ': ORDER_ROLES), each
 * staff download written to the audit log first; everyone else ('Редактор' too) gets 404, as if it
 * did not exist (docs/crm-resources.md).
 */
export function uploadRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const userGuard = requireUser(deps)
  const adminGuard = requireAdmin(deps)
  const signedIn = createMiddleware<AppEnv>((c, next) =>
    (contextOf(requestToken(c)?.token) === "admin" ? adminGuard : userGuard)(c, next),
  )

  app.post("/api/v1/uploads", signedIn, async (c) => {
    const owner = ownerOf(c)
    await limitRequests(deps.db, c, deps.config, "upload", UPLOAD_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    const { file } = await receiveForm(c, deps.config.uploadDir, FIELD)
    if (!file) throw unprocessable({ [FIELD]: [messages.validation.required] })
    try {
      const type = await contentTypeOf(file, UPLOAD_EXTENSIONS.files)
      if (!type) throw typeError(FIELD)
      const id = newFileId()
      const storedPath = `private/${id}`
      await keepFile(deps.storage, file, storedPath, type.mime)
      await k
        .insertInto("uploads")
        .values({ id, owner_kind: owner.kind, owner_id: owner.id, original_name: file.name, stored_path: storedPath, size: file.size, mime: type.mime, created_at: now() })
        .execute()
      return c.json({ name: file.name, url: `/api/v1/uploads/${id}/`, size: file.size, type: type.mime }, 201)
    } finally {
      // Kept files were moved away; anything still at the temporary path is a refused upload.
      await discardFile(file)
    }
  })

  app.get("/api/v1/uploads/:id", signedIn, async (c) => {
    const id = c.req.param("id")
    if (!/^[0-9a-f]{32}$/.test(id)) throw notFound()
    const caller = ownerOf(c)
    const row = await k.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst()
    const own = row !== undefined && row.owner_kind === caller.kind && Number(row.owner_id) === caller.id
    const staff = caller.kind === "admin"
    if (!row || (!own && !(staff && allows(ORDER_ROLES, roleOf(c))))) throw notFound()
    // Only ever a file below private/ (stored_path is written by this module alone).
    const response = await privateFileResponse(deps.storage, row.stored_path, row.mime, row.original_name)
    if (staff) {
      const ownerId = Number(row.owner_id)
      const after = { file_id: row.id, file_name: row.original_name, size: Number(row.size), mime: row.mime, owner_kind: row.owner_kind, owner_id: ownerId, owner_email: await ownerEmail(k, row.owner_kind, ownerId) }
      // Logged before a byte leaves: a download the log cannot record is not made.
      try {
        await recordAudit(k, c, [{ resource: UPLOADS_SECTION, recordId: ownerId, action: "download", after }])
      } catch (error) {
        await response.body?.cancel()
        throw error
      }
    }
    return response
  })
}
