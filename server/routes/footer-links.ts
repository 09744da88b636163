import type { Hono } from "hono"
import type { AppEnv, Deps } from "../lib/env.ts"

/** The address of a stored file (JSON `{ url }`), or "" when there is none. */
const fileUrl = (file: string | null): string => {
  try {
    const url = file ? (JSON.parse(file) as { url?: unknown }).url : undefined
    return typeof url === "string" ? url : ""
  } catch {
    return ""
  }
}

/**
 * Footer document and partner-service links, sorted by position: the published EP documents the CRM
 * places in the footer (a link, or a document's file).
 */
export function footerLinkRoutes(app: Hono<AppEnv>, { db }: Deps): void {
  app.get("/api/v2/footer_links", async (c) => {
    const rows = await db.kysely
      .selectFrom("ep_docs")
      .select(["id", "footer", "title", "link", "file", "position"])
      .where("footer", "is not", null)
      .where("published", "=", 1)
      .orderBy("position")
      .orderBy("id")
      .execute()
    return c.json({
      data: rows.map((r) => ({
        id: String(r.id),
        type: "footer_link",
        attributes: { group: r.footer, name: r.title, url: r.link ?? fileUrl(r.file), position: r.position },
      })),
      meta: { total_pages: 1 },
    })
  })
}
