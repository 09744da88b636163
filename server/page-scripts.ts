import { WEB_FONT_ATTRIBUTE, WEB_FONT_FACE, WEB_FONT_SAMPLE, WEB_FONT_SEEN } from "../src/ui/web-font.ts"

/**
 * The built index.html's scripts and web font start after the page's first paint (docs/production.md, "Public page
 * speed"): Vite's entry `<script type="module">` and its module preloads leave the head, and a small
 * inline script at the end of the body adds them once the browser has painted the server's HTML (a
 * frame, then a task), or at once in a hidden tab (which paints no frame). The HTML then paints
 * without sharing the connection or the main thread with the code that hydrates it. The web font's faces
 * load at the same moment (src/app/web-font.ts says when they are shown).
 */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g

/**
 * The loader, in tasks after the first paint so that none is long on a slow phone: the web font's faces
 * (loaded, not yet shown: src/app/web-font.ts lets them in on the visitor's first move, so the page
 * they opened never shifts under a swap), the modulepreload links (fetched side by side), then the
 * entry module. A tab that has loaded the faces sets the attribute before the first paint (they come
 * from the cache).
 */
export function scriptLoader(entry: string, preloads: readonly string[]): string {
  const list = JSON.stringify(preloads).replace(/</g, "\\u003c")
  const src = JSON.stringify(entry).replace(/</g, "\\u003c")
  return (
    `<script>(function(d){var started=0;` +
    `function font(){d.documentElement.setAttribute("${WEB_FONT_ATTRIBUTE}","")}` +
    `try{if(sessionStorage.getItem("${WEB_FONT_SEEN}"))font()}catch(e){}` +
    `function faces(){if(!d.fonts||!d.fonts.load)return;` +
    `d.fonts.load(${JSON.stringify(WEB_FONT_FACE)},${JSON.stringify(WEB_FONT_SAMPLE)}).then(function(){try{sessionStorage.setItem("${WEB_FONT_SEEN}","1")}catch(e){}})}` +
    `function code(){${list}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;d.head.appendChild(l)});` +
    `setTimeout(function(){var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${src};d.head.appendChild(s)},0)}` +
    `function go(){if(started)return;started=1;faces();setTimeout(code,0)}` +
    `if(d.visibilityState!=="visible")return go();requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})(document)</script>`
  )
}

export function withDeferredScripts(template: string): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1]
  if (!entry) return template
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
  return template.replace(ENTRY_SCRIPT, "").replace(MODULE_PRELOAD, "").replace("</body>", () => `${scriptLoader(entry, preloads)}</body>`)
}
