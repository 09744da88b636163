import { randomBytes } from "node:crypto"
import { CACHED_PATHS } from "./lib/public-cache.ts"

/**
 * Server-rendered pages of anonymous visitors, kept per process (docs/production.md, "Caching and
 * compression"): a render costs ~30 ms of CPU, and a burst of visitors asks for the same few pages.
 *
 * - Only visitors without a session (`token` cookie): a signed-in visitor's page names them. Their page
 *   of the site is written from the anonymous one kept here (src/app/personal-page.tsx).
 * - The key is the path, the query and the whole Cookie header (the city and the cookie notice change
 *   the page; any other cookie only splits the key, never mixes two visitors' pages).
 * - A page is served while the public-read cache's generation holds (no CRM write since, in any
 *   process) and for at most PAGE_MAX_MS when every read it made is a cached public read, else
 *   PAGE_SHARED_MS (a register lookup, search: data that changes outside the CRM).
 * - The HTML is kept with a per-process random mark where the answer's CSP nonce goes, so every answer
 *   still gets a fresh nonce; the mark is unguessable, so a page's text cannot carry it.
 */
const PAGE_MAX_MS = 60_000
const PAGE_SHARED_MS = 1000
/** Kept pages per process (cleared when full: keys with arbitrary queries must not grow memory). */
const PAGE_ENTRIES = 200

export const NONCE_MARK = `nonce-mark-${randomBytes(16).toString("hex")}`

interface KeptPage {
  readonly generation: number
  readonly at: number
  readonly ttl: number
  readonly status: number
  /** The composed HTML split at NONCE_MARK. */
  readonly parts: readonly string[]
}

export interface PageCache {
  /** The kept page's HTML with this nonce, or null. */
  find(key: string, generation: number | null, nonce: string): { html: string; status: number } | null
  keep(key: string, generation: number | null, page: { html: string; status: number; onlyCachedReads: boolean }): void
}

const SESSION_PART = /^\s*token=/

/** Whether the Cookie header carries a session's token. */
export const hasSession = (cookie: string): boolean => cookie.split(";").some((part) => SESSION_PART.test(part))

/** The cache key of a request, or null when its page is not kept (a signed-in visitor). */
export function pageKey(path: string, search: string, cookie: string): string | null {
  return hasSession(cookie) ? null : `${path}?${search}\n${cookie}`
}

/** The Cookie header without the session's token: the cookies an anonymous visitor's page is rendered with. */
export const withoutSession = (cookie: string): string =>
  cookie
    .split(";")
    .filter((part) => !SESSION_PART.test(part))
    .map((part) => part.trim())
    .join("; ")

/** Whether a public read the page made is one the public-read cache invalidates on CRM writes. */
export const isCachedRead = (path: string): boolean => CACHED_PATHS.test(path.split("?")[0]!)

export function createPageCache(): PageCache {
  const pages = new Map<string, KeptPage>()
  return {
    find(key, generation, nonce) {
      const hit = pages.get(key)
      if (!hit || generation === null || hit.generation !== generation || Date.now() - hit.at >= hit.ttl) return null
      return { html: hit.parts.join(nonce), status: hit.status }
    },
    keep(key, generation, page) {
      if (generation === null || page.status >= 500) return
      if (pages.size >= PAGE_ENTRIES) pages.clear()
      pages.set(key, {
        generation,
        at: Date.now(),
        ttl: page.onlyCachedReads ? PAGE_MAX_MS : PAGE_SHARED_MS,
        status: page.status,
        parts: page.html.split(NONCE_MARK),
      })
    },
  }
}
