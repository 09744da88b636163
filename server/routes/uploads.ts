import type { Context, Hono } from "hono"
import { createMiddleware } from "hono/factory"
import { decodeJwt } from "jose"
import { REQUEST_RATE_WINDOW_MS, UPLOAD_RATE_MAX } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages.ts"
import { UPLOAD_EXTENSIONS } from "../../schemas/rules/files.ts"
import { now } from "../db/index.ts"
import type { UploadOwnerKind } from "../db/schema.ts"
import { bearer, requireAdmin } from "../lib/admin-auth.ts"
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

/**
 * Visitors' documents: `POST /api/v1/uploads/` (multipart, field `file`) by a signed-in site user or an
 * administrator → 201 `{ name, url, size, type }`; `GET /api/v1/uploads/{id}/` gives the file back to
 * its owner (any administrator too); everyone else gets 404, as if it did not exist.
 */
export function uploadRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const userGuard = requireUser(deps)
  const adminGuard = requireAdmin(deps)
  const signedIn = createMiddleware<AppEnv>((c, next) =>
    (contextOf(bearer(c.req.header("authorization"))) === "admin" ? adminGuard : userGuard)(c, next),
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
    const owner = ownerOf(c)
    let query = k.selectFrom("uploads").selectAll().where("id", "=", id)
    if (owner.kind !== "admin") query = query.where("owner_kind", "=", owner.kind).where("owner_id", "=", owner.id)
    const row = await query.executeTakeFirst()
    if (!row) throw notFound()
    // Only ever a file below private/ (stored_path is written by this module alone).
    return privateFileResponse(deps.storage, row.stored_path, row.mime, row.original_name)
  })
}
