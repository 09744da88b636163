import { RETURN_TO_MAX_LENGTH } from "../../schemas/constants.ts"
import { isAdminPath, RESERVED_SLUGS, sameOriginPath } from "../../schemas/routes.ts"
import { SLUG_PATTERN } from "../../schemas/resources/fields.ts"
import { matchRoute } from "../../src/app/match.ts"

/**
 * The page a visitor who signs up goes back to after the confirmation (docs/decisions.md, «Регистрация»),
 * or null: anything else is dropped without an error. Only a path of this site (sameOriginPath: one
 * leading "/", no "//" or "/\", no scheme, no control or space character) of at most
 * RETURN_TO_MAX_LENGTH characters that opens a page of the route table (src/app/routes.ts, the same
 * matching as the server's pages), not one of the account pages under /users/ (sign-in, sign-up,
 * confirmation, password), not the admin area, no parameter holding a slash once decoded, and a
 * region page only for a slug a city may take.
 */
export function returnPath(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > RETURN_TO_MAX_LENGTH) return null
  const path = sameOriginPath(raw)
  if (!path || path.length > RETURN_TO_MAX_LENGTH || isAdminPath(path)) return null
  const pathname = new URL(path, "http://same-origin.invalid").pathname
  const found = matchRoute(pathname)
  if (!found) return null
  const pattern = found.route.path
  if (typeof pattern === "string" && pattern.startsWith("/users/")) return null
  // A parameter is one segment: `/%2F%2Fhost` decodes to a slash no page of the site takes.
  if (Object.values(found.params).some((value) => /[/\\\p{Cc}]/u.test(value))) return null
  const slug = found.params.region_id
  if (found.route.name === "region_id" && (slug === undefined || !SLUG_PATTERN.test(slug) || RESERVED_SLUGS.includes(slug))) return null
  return path
}
