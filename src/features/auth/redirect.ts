import { isAdminPath, sameOriginPath } from "../../../schemas/routes.ts"

export const ACCOUNT_PATH = "/account"

/** Where a site sign-in goes: `redirectTo` when it is a path of this site's area (never another site), else the account. */
export function siteRedirect(redirectTo: string | null | undefined): string {
  const to = sameOriginPath(redirectTo)
  return to && !isAdminPath(to.split(/[?#]/)[0] ?? "") ? to : ACCOUNT_PATH
}

/** The `redirectTo` of a query string (wouter's useSearch, without '?'). */
export const redirectToOf = (search: string): string | null => new URLSearchParams(search).get("redirectTo")
