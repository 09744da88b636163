import { revokeToken } from "../session/index.ts"

/**
 * Ends a session we will not keep (a non-director's, signed in on the director page): its token is
 * revoked and the server removes the cookie it had just set. Failures do not matter to the visitor.
 */
export async function revokeQuietly(token: string): Promise<void> {
  await revokeToken(token).catch(() => {})
}
