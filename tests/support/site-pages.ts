import { matchRoute } from "../../src/app/match.ts"
import { ROUTES } from "../../src/app/routes.ts"
import type { AppRoute } from "../../src/app/route-types.ts"

const hasParams = (route: AppRoute) => typeof route.path !== "string" || route.path.includes(":")

/** The site's own page links of a page's HTML, without query and fragment (no files: no dot at the end). */
export const linksOf = (html: string): string[] =>
  [...html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)].map((m) => m[1]!).filter((l) => !/\.[a-z0-9]+$/i.test(l))

/**
 * The public pages of the route table (the site's area) on a running server, from its server-rendered
 * HTML: every route without parameters, and for each route with parameters up to `perRoute` addresses
 * the pages link to (the records the database holds: tariffs, news, regions...).
 */
export async function sitePages(base: string, perRoute = 2): Promise<string[]> {
  const site = ROUTES.filter((r) => r.area === "site")
  const paths = new Set(site.filter((r) => !hasParams(r)).map((r) => r.path as string))
  const links = new Set<string>()
  const crawl = async (list: Iterable<string>) => {
    for (const path of list) for (const link of linksOf(await (await fetch(base + path)).text())) links.add(link.replace(/(.)\/$/, "$1"))
  }
  await crawl(paths)
  const more = () =>
    site.filter(hasParams).flatMap((route) => {
      return [...links].filter((l) => !paths.has(l) && matchRoute(l, ROUTES)?.route === route).slice(0, perRoute)
    })
  // One more step: a detail page may link to another kind (a partner's docs from its request page).
  const found = new Set(more())
  await crawl(found)
  for (const path of [...found, ...more()]) paths.add(path)
  return [...paths]
}
