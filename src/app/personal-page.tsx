import { renderToString } from "react-dom/server"
import type { CheckedSession } from "../../machines/session.machine.ts"
import { UserButton, userButtonName } from "../features/auth/UserButton.tsx"
import { BOOT_SCRIPT_ID, scriptJson } from "./boot.ts"
import { matchRoute } from "./match.ts"

/**
 * A signed-in visitor's page of the site, written from the anonymous visitor's page (kept by the
 * server) instead of rendered: the pages anyone may open differ for a signed-in visitor only in the
 * header's user button and the embedded data's session (docs/production.md, "Server render").
 */

/** A site page with no access rules: nothing of it but the user button depends on who is signed in. */
export function isSharedPage(path: string): boolean {
  const match = matchRoute(path)
  return !!match && match.route.area === "site" && !match.route.access
}

const BUTTON_MARK = 'data-user-button=""'
const BOOT_OPEN = `id="${BOOT_SCRIPT_ID}"`
/** The embedded data of an anonymous page begins with its session (./boot.ts). */
const ANONYMOUS_DATA = '{"session":null,'

/** Each user button of the page (the header's, the burger menu's) rendered by `button(itsClass)`; found by its mark, not by a pass of a pattern over the whole page. */
function replaceButtons(html: string, button: (className: string) => string): string {
  let out = ""
  let from = 0
  for (let mark = html.indexOf(BUTTON_MARK); mark >= 0; mark = html.indexOf(BUTTON_MARK, from)) {
    const start = html.lastIndexOf("<button ", mark)
    const end = html.indexOf("</button>", mark) + "</button>".length
    const className = /\bclass="([^"]*)"/.exec(html.slice(start, mark))?.[1]
    if (start < from || end < mark || className === undefined) throw new Error("a user button the page cannot be written into")
    out += html.slice(from, start) + button(className)
    from = end
  }
  return out + html.slice(from)
}

/**
 * The anonymous page `html` as `session` sees it: each user button rendered with the user's name, the
 * session in the embedded data. Throws when the page has no anonymous data to write into.
 */
export function personalize(html: string, session: CheckedSession): string {
  // The site shows a site session's user only (useSession): an administrator's session keeps 'Войти'.
  const page = session.claims.ctx === "site" ? replaceButtons(html, (className) => renderToString(<UserButton className={className} name={userButtonName(session.user)} />)) : html
  const open = page.indexOf(">", page.lastIndexOf(BOOT_OPEN)) + 1
  if (open === 0 || !page.startsWith(ANONYMOUS_DATA, open)) throw new Error("the page carries no anonymous startup data")
  return `${page.slice(0, open)}{"session":${scriptJson(session)},${page.slice(open + ANONYMOUS_DATA.length)}`
}
