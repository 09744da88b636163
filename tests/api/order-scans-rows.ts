import { randomBytes } from "node:crypto"
import type { Db } from "../../server/db/index.ts"

/**
 * Uploads of a customer written straight into the uploads table (the file itself is not read by the
 * attach call): the limit tests need more files than the uploads call's rate limit lets through.
 */
export async function insertUploads(db: Db, userId: number, count: number): Promise<string[]> {
  const urls: string[] = []
  for (let i = 0; i < count; i++) {
    const id = randomBytes(16).toString("hex")
    await db.kysely
      .insertInto("uploads")
      .values({ id, owner_kind: "user", owner_id: userId, original_name: `scan-${i}.pdf`, stored_path: `private/${id}`, size: 100, mime: "application/pdf", created_at: new Date().toISOString() })
      .execute()
    urls.push(`/api/v1/uploads/${id}/`)
  }
  return urls
}

export const scansPath = (orderId: number) => `/api/v1/lk/leads/${orderId}/scans/`
export const stepsPath = (orderId: number) => `/api/v1/lk/leads/${orderId}/steps/`
