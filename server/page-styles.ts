import { existsSync, readFileSync, readdirSync } from "node:fs"
import { join } from "node:path"

/**
 * The built index.html made ready for server-rendered pages, so the first paint waits for no request
 * but the HTML itself (Lighthouse's LCP on a slow phone, and no shift when a page's styles arrive):
 *
 * - the stylesheets of the entry and of the site's lazily loaded pages are inlined as `<style>`;
 *   each page stylesheet keeps a `disabled` `<link>` (never fetched, never applied) so that Vite's
 *   loader, which skips a stylesheet already linked, does not add it a second time when the page's
 *   code loads;
 * - the admin area's and the rich-text editor's styles stay out (they load with their code);
 * - the Cyrillic web font is preloaded (the site's text is Russian).
 */

interface ManifestChunk {
  readonly src?: string
  readonly file: string
  readonly css?: readonly string[]
  readonly imports?: readonly string[]
  readonly dynamicImports?: readonly string[]
  readonly isEntry?: boolean
  readonly isDynamicEntry?: boolean
}

/** Code of the admin area and of the rich-text editor: never in the site's first paint. */
const NOT_SITE = /(^|\/)(features\/crm|layouts\/CrmArea|features\/forms\/editor)\b/

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g

/** The stylesheets of the site's pages, entry first, each once, in the manifest's order. */
export function siteStylesheets(manifest: Readonly<Record<string, ManifestChunk>>): { entry: string[]; pages: string[] } {
  const entry: string[] = []
  const pages: string[] = []
  const seen = new Set<string>()
  const collect = (key: string, into: string[], visited: Set<string>) => {
    const chunk = manifest[key]
    if (!chunk || visited.has(key) || NOT_SITE.test(chunk.src ?? key)) return
    visited.add(key)
    for (const imported of chunk.imports ?? []) collect(imported, into, visited)
    for (const css of chunk.css ?? []) {
      if (seen.has(css)) continue
      seen.add(css)
      into.push(css)
    }
  }
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry)
  for (const key of entries) collect(key, entry, new Set())
  const pageKeys = entries.flatMap((k) => manifest[k]!.dynamicImports ?? [])
  const visited = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || NOT_SITE.test(chunk.src ?? key)) return
    collect(key, pages, visited)
    for (const next of chunk.dynamicImports ?? []) if (!visited.has(next)) visit(next)
  }
  for (const key of pageKeys) visit(key)
  return { entry, pages }
}

/** `</style` inside a stylesheet would end the element early; CSS never needs it verbatim. */
const styleText = (css: string) => css.replace(/<\/style/gi, "<\\/style")

export function withInlineStyles(template: string, distDir: string): string {
  const manifestFile = join(distDir, ".vite", "manifest.json")
  if (!existsSync(manifestFile)) return template
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>
  const { entry, pages } = siteStylesheets(manifest)
  const read = (file: string) => {
    const path = join(distDir, file)
    return existsSync(path) ? styleText(readFileSync(path, "utf8")) : null
  }
  let html = template.replace(STYLESHEET, (link, file: string) => {
    const css = read(file)
    return css === null ? link : `<style>${css}</style>`
  })
  const inlined = pages.flatMap((file) => {
    const css = entry.includes(file) ? null : read(file)
    return css === null ? [] : [`<link rel="stylesheet" href="/${file}" disabled><style>${css}</style>`]
  })
  const assets = join(distDir, "assets")
  const font = existsSync(assets) ? readdirSync(assets).find((f) => /^golos-text-cyrillic-wght-normal-.*\.woff2$/.test(f)) : undefined
  const preload = font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${font}">` : ""
  html = html.replace("</head>", `${preload}${inlined.join("")}</head>`)
  return html
}
