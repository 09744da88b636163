import type { Deps } from "../lib/env.ts"

/** `/uploads/files/<32 hex>.<ext>`: the only public file addresses the CRM's records may hold. */
const PUBLIC_FILE_URL = /^\/uploads\/files\/([0-9a-f]{32}\.[a-z0-9]{2,4})$/

/** The stored record of a public file the CRM uploaded, by its address; null for any other address. */
export async function publicFileOf(deps: Pick<Deps, "db">, url: string): Promise<{ name: string; url: string; size: number; type: string } | null> {
  const found = PUBLIC_FILE_URL.exec(url)
  if (!found) return null
  const row = await deps.db.kysely
    .selectFrom("uploads")
    .select(["original_name", "size", "mime"])
    .where("stored_path", "=", `files/${found[1]}`)
    .where("owner_kind", "=", "admin")
    .executeTakeFirst()
  return row ? { name: row.original_name, url, size: row.size, type: row.mime } : null
}
