import type { CheckedSession } from "../../machines/session.machine.ts"
import type { StartupData } from "../features/shell/site-data.ts"
import type { Loaded } from "./route-types.ts"

/**
 * What the server embeds in a page it rendered, for the browser to hydrate with the same data (no
 * second fetch): `<script type="application/json" id="boot-data">` — data, not code, so a strict CSP
 * can follow.
 */
export interface BootData {
  /** The site's public address (canonical links). */
  readonly origin: string
  readonly startup: StartupData
  /**
   * Who is signed in, as the server found the session's cookie: its area, level and person; null for
   * nobody (no cookie, a refused one, and every page of the anonymous cache).
   */
  readonly session: CheckedSession | null
  /** The page's loader data for this address. */
  readonly route: { readonly path: string; readonly search: string; readonly loaded: Loaded } | null
}

export const BOOT_SCRIPT_ID = "boot-data"

/** JSON safe inside a script element (data or code): no `</script>`, no HTML comment, no line separators. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")

/** The session first: a kept anonymous page's data begins with it, so a visitor's is put there (./personal-page.tsx). */
export const serializeBoot = (boot: BootData) => scriptJson({ session: boot.session, origin: boot.origin, startup: boot.startup, route: boot.route })

/** The embedded data, or null when the page was not rendered by the server (development). */
export function readBoot(): BootData | null {
  const text = typeof document === "undefined" ? null : document.getElementById(BOOT_SCRIPT_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as BootData
  } catch {
    return null
  }
}
