import { isAdminPath } from "../../../schemas/routes.ts"

export const ACCOUNT_PATH = "/account"

/** A same-site path (one leading slash, no scheme, no backslash), or null: never another site. */
export function sameSitePath(to: string | null | undefined): string | null {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return null
  return /^[^\s]*$/.test(to) ? to : null
}

/** Where a site sign-in goes: `redirectTo` when it is a same-site path of the site area, else the account. */
export function siteRedirect(redirectTo: string | null | undefined): string {
  const to = sameSitePath(redirectTo)
  return to && !isAdminPath(to.split("?")[0] ?? "") ? to : ACCOUNT_PATH
}

/** The `redirectTo` of a query string (wouter's useSearch, without '?'). */
export const redirectToOf = (search: string): string | null => new URLSearchParams(search).get("redirectTo")
