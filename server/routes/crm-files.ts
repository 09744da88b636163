import type { Hono } from "hono"
import { CONTENT_ROLES } from "../../schemas/roles.ts"
import { requireRoles } from "../lib/admin-auth.ts"
import { REQUEST_RATE_WINDOW_MS, UPLOAD_RATE_MAX } from "../../schemas/constants.ts"
import type { UploadAccept } from "../../schemas/forms/types.ts"
import { messages } from "../../schemas/messages/common.ts"
import { UPLOAD_EXTENSIONS } from "../../schemas/rules/files.ts"
import { now } from "../db/index.ts"
import type { Deps } from "../lib/env.ts"
import type { AppEnv } from "../lib/env.ts"
import { unprocessable } from "../lib/http.ts"
import { limitRequests } from "../lib/throttle.ts"
import { publicFileResponse } from "../services/storage/responses.ts"
import { publicFileOf } from "../services/public-files.ts"
import { contentDisposition, contentTypeOf, discardFile, keepFile, newFileId, receiveForm, typeError } from "../services/uploads.ts"

const FIELD = "file"
/** The lists a CRM file may be of: documents (EP documents) or images (banners, covers). */
const PUBLIC_ACCEPT: readonly UploadAccept[] = ["epDocs", "images"]
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif"])

/**
 * Files the CRM publishes (EP documents to download, banner images, news covers):
 * `POST /api/v2/crm/files` (multipart `file` and `accept`: `epDocs` — pdf, doc, docx, xls, xlsx, zip —
 * or `images` — jpg, jpeg, gif, png; the administrator's token is checked for every /api/v2/crm/*
 * call) → 201 `{ name, url, size, type }`. The extension must be of the list and the content must be
 * what the extension says (file-type), else 422 'Недопустимый формат файла'; over 30,000,000 bytes
 * 'Размер файла не должен превышать 30 Мб'. The file is public at `/uploads/files/<random>.<ext>`
 * (a name never reused, cached for a year), a document as an attachment under its own name.
 */
export function crmFileRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  // The editor's uploads are content: 'Администратор' and 'Редактор' (schemas/roles.ts).
  app.post("/api/v2/crm/files", requireRoles(CONTENT_ROLES), async (c) => {
    await limitRequests(deps.db, c, deps.config, "upload", UPLOAD_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    const { file, fields } = await receiveForm(c, deps.config.uploadDir, FIELD)
    try {
      const accept = (fields.accept ?? "epDocs") as UploadAccept
      if (!PUBLIC_ACCEPT.includes(accept)) throw unprocessable({ accept: [messages.validation.select] })
      if (!file) throw unprocessable({ [FIELD]: [messages.validation.required] })
      const type = await contentTypeOf(file, UPLOAD_EXTENSIONS[accept])
      if (!type) throw typeError(FIELD)
      const id = newFileId()
      const name = `${id}.${type.ext}`
      await keepFile(deps.storage, file, `files/${name}`, type.mime)
      const admin = c.get("admin")
      await k
        .insertInto("uploads")
        .values({ id, owner_kind: "admin", owner_id: admin.id, original_name: file.name, stored_path: `files/${name}`, size: file.size, mime: type.mime, created_at: now() })
        .execute()
      return c.json({ name: file.name, url: `/uploads/files/${name}`, size: file.size, type: type.mime }, 201)
    } finally {
      await discardFile(file)
    }
  })

  app.on(["GET", "HEAD"], "/uploads/files/:name", async (c) => {
    const url = `/uploads/files/${c.req.param("name")}`
    const stored = await publicFileOf(deps, url)
    const response = stored
      ? await publicFileResponse(deps.storage, c.req.raw, `files/${c.req.param("name")}`, {
          "content-type": stored.type,
          // An image shows in the page (banners, covers); a document downloads under its own name.
          "content-disposition": IMAGE_TYPES.has(stored.type) ? contentDisposition(stored.name).replace(/^attachment/, "inline") : contentDisposition(stored.name),
          "content-security-policy": "default-src 'none'; img-src 'self'; sandbox",
        })
      : null
    return response ?? c.text(messages.http.notFound, 404)
  })
}
