import type { Db } from "../db/index.ts"
import { now } from "../db/index.ts"
import type { VerifiedToken } from "./tokens.ts"

/** Whether the token, or the session it continues (a renewed staff token), was revoked. */
export async function isRevoked(db: Db, token: Pick<VerifiedToken, "jti" | "sid">): Promise<boolean> {
  return !!(await db.kysely.selectFrom("revoked_tokens").select("jti").where("jti", "in", [...new Set([token.jti, token.sid])]).executeTakeFirst())
}

/**
 * Records the token as unusable until it would have expired; expired records are swept on the way.
 * A renewed staff token revokes its whole session (`sid`, until the session's last possible moment).
 */
export async function revoke(db: Db, token: Pick<VerifiedToken, "jti" | "exp"> & { readonly sid?: string; readonly until?: number }): Promise<void> {
  await db.kysely.deleteFrom("revoked_tokens").where("expires_at", "<", now()).execute()
  await db.kysely
    .insertInto("revoked_tokens")
    .values({ jti: token.sid ?? token.jti, expires_at: new Date((token.until ?? token.exp) * 1000).toISOString() })
    .onConflict((oc) => oc.column("jti").doNothing())
    .execute()
}
