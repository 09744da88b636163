import type { Db } from "../db/index.ts"
import { now } from "../db/index.ts"
import type { VerifiedToken } from "./tokens.ts"

export async function isRevoked(db: Db, jti: string): Promise<boolean> {
  return !!(await db.kysely.selectFrom("revoked_tokens").select("jti").where("jti", "=", jti).executeTakeFirst())
}

/** Records the token as unusable until it would have expired; expired records are swept on the way. */
export async function revoke(db: Db, token: Pick<VerifiedToken, "jti" | "exp">): Promise<void> {
  await db.kysely.deleteFrom("revoked_tokens").where("expires_at", "<", now()).execute()
  await db.kysely
    .insertInto("revoked_tokens")
    .values({ jti: token.jti, expires_at: new Date(token.exp * 1000).toISOString() })
    .onConflict((oc) => oc.column("jti").doNothing())
    .execute()
}
