/** What of a click decides whether it leaves the page for another address of the app. */
export interface ClickFacts {
  readonly defaultPrevented: boolean
  readonly button: number
  readonly metaKey: boolean
  readonly ctrlKey: boolean
  readonly shiftKey: boolean
  readonly altKey: boolean
}

export interface LinkFacts {
  /** The link's resolved address (`a.href`). */
  readonly href: string
  /** `target` attribute, "" when absent. */
  readonly target: string
  readonly download: boolean
}

/**
 * The app's address a plain click on this link goes to (path, query, hash), or null when the click
 * stays in the tab's page or leaves the app: a modified or other-button click (new tab or window), a
 * link to another origin or another tab, a download (those the browser handles, `beforeunload` asks).
 */
export function internalTarget(click: ClickFacts, link: LinkFacts, base: string): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null
  if ((link.target !== "" && link.target !== "_self") || link.download) return null
  let url: URL
  try {
    url = new URL(link.href, base)
  } catch {
    return null
  }
  if (url.origin !== new URL(base).origin) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The app's address a click event leaves for through a link, or null. */
export function leaveTarget(e: MouseEvent, base: string): string | null {
  const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[href]") : null
  if (!a) return null
  return internalTarget(e, { href: a.href, target: a.getAttribute("target") ?? "", download: a.hasAttribute("download") }, base)
}
