import { scriptJson } from "../src/app/boot.ts"
import { WEB_FONT_ATTRIBUTE, WEB_FONT_FAMILY, WEB_FONT_SAMPLE, WEB_FONT_SEEN } from "../src/ui/web-font.ts"

/**
 * The built index.html's scripts and web font start after the page's first paint (docs/production.md, "Public page
 * speed"): Vite's entry `<script type="module">` and its module preloads leave the head, and a small
 * inline script at the end of the body adds them once the browser has shown the server's HTML (its
 * first contentful paint), or at once in a hidden tab (which paints nothing). The HTML then paints
 * without sharing the connection or the main thread with the code that hydrates it. The web font's
 * files are prefetched last (src/app/web-font.ts says when they are shown).
 */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
const FONT_FACE = /@font-face\s*\{([^}]*)\}/g

/** Whether a CSS `unicode-range` (e.g. `U+400-45F,U+2116`) covers the code point. */
function covers(range: string, code: number): boolean {
  return range.split(",").some((part) => {
    const m = /^\s*U\+([0-9A-F?]+)(?:-([0-9A-F]+))?\s*$/i.exec(part)
    if (!m) return false
    const from = parseInt(m[1]!.replace(/\?/g, "0"), 16)
    const to = m[2] ? parseInt(m[2], 16) : parseInt(m[1]!.replace(/\?/g, "F"), 16)
    return code >= from && code <= to
  })
}

/**
 * The web font's files the site's text needs, from the page's inlined stylesheet: the faces of its
 * family whose unicode-range covers a character of the sample (Cyrillic, and Latin for digits and signs).
 */
export function webFontFiles(html: string): string[] {
  const codes = [...WEB_FONT_SAMPLE].map((c) => c.codePointAt(0)!)
  const files: string[] = []
  for (const [, face] of html.matchAll(FONT_FACE)) {
    const family = /font-family:\s*["']?([^;"']+)["']?\s*(?:;|$)/.exec(face!)?.[1]?.trim()
    const url = /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(face!)?.[1]
    const range = /unicode-range:\s*([^;]+)/.exec(face!)?.[1]
    if (family !== WEB_FONT_FAMILY || !url || files.includes(url)) continue
    if (!range || codes.some((code) => covers(range, code))) files.push(url)
  }
  return files
}

/**
 * The loader, in tasks after the first contentful paint so that none is long on a slow phone and
 * nothing shares the connection with the HTML before it shows: the modulepreload links (fetched side
 * by side), then the entry module, then the web font's files as prefetches (lowest priority; loaded
 * into the cache, not into the document, whose text would otherwise be laid out again). A tab that has
 * them sets the attribute before the first paint (they come from the cache). Without the Paint Timing
 * API the loader starts after a frame; a hidden tab, and a page the browser renders itself (the
 * account's and the CRM's shell: an empty root, nothing to paint before the code), start at once;
 * three seconds start it whatever happens.
 */
export function scriptLoader(entry: string, preloads: readonly string[], fonts: readonly string[] = []): string {
  return (
    `<script>(function(d,w){var started=0;` +
    `function font(){d.documentElement.setAttribute("${WEB_FONT_ATTRIBUTE}","")}` +
    `try{if(sessionStorage.getItem("${WEB_FONT_SEEN}"))font()}catch(e){}` +
    `function link(h,rel,as){var l=d.createElement("link");l.rel=rel;if(as)l.as=as;l.crossOrigin="";l.href=h;d.head.appendChild(l);return l}` +
    `function faces(){var left=${scriptJson(fonts)};left.forEach(function(h){` +
    `link(h,"prefetch","font").addEventListener("load",function(){left=left.filter(function(x){return x!==h});if(!left.length)try{sessionStorage.setItem("${WEB_FONT_SEEN}","1")}catch(e){}})})}` +
    `function code(){${scriptJson(preloads)}.forEach(function(h){link(h,"modulepreload")});` +
    `setTimeout(function(){var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${scriptJson(entry)};d.head.appendChild(s);setTimeout(faces,0)},0)}` +
    `function go(){if(started)return;started=1;setTimeout(code,0)}` +
    `setTimeout(go,3000);var r=d.getElementById("root");if(d.visibilityState!=="visible"||!r||!r.firstChild)return go();` +
    `try{new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(e.name==="first-contentful-paint")go()})}).observe({type:"paint",buffered:true})}` +
    `catch(e){w.requestAnimationFrame(function(){setTimeout(go,0)})}})(document,window)</script>`
  )
}

/** The template with its entry and preloads moved into the loader; `fonts` are the web font's files to prefetch. */
export function withDeferredScripts(template: string, fonts: readonly string[] = webFontFiles(template)): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1]
  if (!entry) return template
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
  return template.replace(ENTRY_SCRIPT, "").replace(MODULE_PRELOAD, "").replace("</body>", () => `${scriptLoader(entry, preloads, fonts)}</body>`)
}
