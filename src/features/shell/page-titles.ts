import { INFO_PAGES } from "../../../schemas/routes.ts"
import { messages } from "../../../schemas/messages.ts"

const p = messages.pages

/** Titles of the parametrised routes of SPEC.md section 2, first match wins. */
const PATTERN_TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/faq\/articles\/[^/]+$/, p.faqArticle],
  [/^\/partners\/[^/]+\/new$/, p.partnerRequest],
  [/^\/platforms$/, p.platforms],
  [/^\/platforms\/[^/]+$/, p.platform],
  [/^\/posts\/[^/]+$/, p.post],
  [/^\/tariffs\/[^/]+$/, p.tariff],
  [/^\/mydss\/profile\/[^/]+$/, p.mydssProfile],
  [/^\/payment_result\/(success|failure)\/[^/]+$/, p.paymentResult],
  [/^\/[a-z0-9_-]+_clients\/docs$/, p.partnerClientDocs],
  [/^\/certificate\/binding$/, p.certificateBinding],
  [/^\/account(\/.*)?$/, p.account],
  [/^\/orders\/new$/, p.orderNew],
  [/^\/orders(\/[^/]+)?\/edit$/, p.orderEdit],
  [/^\/users\/sign_in$/, p.signIn],
  [/^\/users\/director\/sign_in$/, p.directorSignIn],
  [/^\/users\/confirmation$/, p.confirmation],
  [/^\/users\/password\/edit$/, p.passwordEdit],
]

/** The Russian title of a known page path other than the index, or null. */
export function titleOf(path: string): string | null {
  const page = path.slice(1)
  if ((INFO_PAGES as readonly string[]).includes(page)) return p[page as (typeof INFO_PAGES)[number]]
  return PATTERN_TITLES.find(([re]) => re.test(path))?.[1] ?? null
}

/** `/buy/` → `/buy`; the index stays `/`. */
export const normalizePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") || "/" : path)

/** The document title of a page. */
export const documentTitle = (title: string) => `${title} — ${messages.shell.titleSuffix}`
