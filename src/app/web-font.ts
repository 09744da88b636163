import { WEB_FONT_ATTRIBUTE, WEB_FONT_FACE, WEB_FONT_SAMPLE } from "../ui/web-font.ts"

const letIn = () => document.documentElement.setAttribute(WEB_FONT_ATTRIBUTE, "")

/**
 * When the web font takes over a page the server rendered (docs/production.md, "Public page speed"):
 * never under the reader's eyes on the page they opened, where the swap would move the text. The
 * script loader has already set the attribute before the first paint when this tab has the font's
 * files; otherwise it prefetches them into the cache (loading the faces into the document would lay
 * its whole text out again), and the font comes in on the visitor's first move to another page (a
 * click: the browser counts no layout shift right after an input), read from the cache.
 * A page the browser renders itself (the development server) takes it at once.
 */
export function scheduleWebFont(serverRendered: boolean): void {
  if (!serverRendered || !document.fonts?.load) return letIn()
  if (document.documentElement.hasAttribute(WEB_FONT_ATTRIBUTE)) return
  const onMove = () => {
    for (const type of MOVES) removeEventListener(type, onMove)
    // A face that fails to load leaves the fallback faces in place, as the stack says.
    void document.fonts.load(WEB_FONT_FACE, WEB_FONT_SAMPLE).then(letIn, letIn)
  }
  for (const type of MOVES) addEventListener(type, onMove)
}

/** A move the visitor made: a link followed in the app (wouter's pushState event) or back and forward. */
const MOVES = ["pushState", "popstate"] as const
