import { revokeToken } from "../session/index.ts"

/** Revokes a token we will not keep (a non-director's on the director page); failures do not matter. */
export function revokeQuietly(token: string): void {
  revokeToken(token).catch(() => {})
}
