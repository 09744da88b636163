import { randomBytes } from "node:crypto"
import type { Hono } from "hono"
import { CONTENT_ROLES } from "../../schemas/roles.ts"
import { requireRoles } from "../lib/admin-auth.ts"
import { REQUEST_RATE_WINDOW_MS, UPLOAD_RATE_MAX } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { UPLOAD_EXTENSIONS } from "../../schemas/rules/files.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { unprocessable } from "../lib/http.ts"
import { limitRequests } from "../lib/throttle.ts"
import { now } from "../db/index.ts"
import { publicFileResponse } from "../services/storage/responses.ts"
import { discardFile, imageTypeOf, keepFile, receiveForm, typeError } from "../services/uploads.ts"
import { crmFileRoutes } from "./crm-files.ts"

const FIELD = "image"
const IMAGE_NAME = /^[a-z0-9-]{1,80}-[0-9a-f]{16}\.(jpg|png)$/
const MIME = { jpg: "image/jpeg", png: "image/png" } as const

/** The slug as a file name part: lower-case Latin letters, digits and dashes, at most 60; "image" when nothing is left. */
export const slugPart = (slug: string | undefined): string =>
  (slug ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "") || "image"

/**
 * Images of the CRM's rich-text editor: `POST /api/v2/crm/images` (multipart `slug`, `image`; the
 * administrator's token is checked for every /api/v2/crm/* call) → 200 `{ url }`; the file is then
 * public at `/uploads/images/<slug>-<random>.<jpg|png>`, cached for a year (a name is never reused),
 * and listed in the CRM's gallery (`gallery_images`, /crm/gallery), which uploads through here too.
 * The CRM's other public files: crm-files.ts.
 */
export function crmImageRoutes(app: Hono<AppEnv>, deps: Deps): void {
  // The editor's uploads are content: 'Администратор' and 'Редактор' (schemas/roles.ts).
  app.post("/api/v2/crm/images", requireRoles(CONTENT_ROLES), async (c) => {
    await limitRequests(deps.db, c, deps.config, "upload", UPLOAD_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    const { file, fields } = await receiveForm(c, deps.config.uploadDir, FIELD)
    if (!file) throw unprocessable({ [FIELD]: [messages.validation.required] })
    try {
      const ext = await imageTypeOf(file, UPLOAD_EXTENSIONS.editorImages)
      if (!ext) throw typeError(FIELD)
      const name = `${slugPart(fields.slug)}-${randomBytes(8).toString("hex")}.${ext}`
      await keepFile(deps.storage, file, `images/${name}`, MIME[ext])
      const url = `/uploads/images/${name}`
      const at = now()
      await deps.db.kysely
        .insertInto("gallery_images")
        .values({ name: file.name, url, size: file.size, mime: MIME[ext], admin_user_id: c.get("admin").id, created_at: at, updated_at: at })
        .execute()
      return c.json({ url })
    } finally {
      await discardFile(file)
    }
  })

  app.on(["GET", "HEAD"], "/uploads/images/:name", async (c) => {
    const name = c.req.param("name")
    const found = IMAGE_NAME.exec(name)
    const response = found ? await publicFileResponse(deps.storage, c.req.raw, `images/${name}`, { "content-type": MIME[found[1] as "jpg" | "png"] }) : null
    return response ?? c.text(messages.http.notFound, 404)
  })
  crmFileRoutes(app, deps)
  // Anything else below /uploads (other folders, encoded dots, deeper paths) is no file of ours.
  app.on(["GET", "HEAD"], "/uploads/*", (c) => c.text(messages.http.notFound, 404))
}
