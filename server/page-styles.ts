import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

/**
 * The built index.html made ready for server-rendered pages, so the first paint waits for no request
 * but the HTML itself (docs/production.md, "Public page speed"):
 *
 * - every inlined stylesheet follows a `<link rel="stylesheet" type="text/x-inlined">`: a type no browser
 *   supports, so the link is never fetched (a `disabled` one is: Chromium fetches it), while Vite's
 *   loader, which skips a stylesheet already linked, does not load it again with a chunk that needs it
 *   (it did, for the entry's sheets: every page's code fetched the theme again and the document's style
 *   was computed anew when it came);
 * - the entry's stylesheets (the shell, the theme, the web font's faces) are inlined on every page;
 * - of the site pages' stylesheets, a page carries inline only those whose classes its HTML uses
 *   (`stylesFor`). Other pages' stylesheets load with their code;
 * - the admin area's and the rich-text editor's styles stay out (they load with their code);
 * - no font preload: text paints at once in the fallback face and takes Golos when it arrives.
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

/** A stylesheet inlined behind its unfetched link (see above). */
const inlined = (file: string, css: string) => `<link rel="stylesheet" type="text/x-inlined" href="/${file}"><style>${styleText(css)}</style>`

/**
 * The class names a stylesheet's selectors name. Declaration blocks (the innermost braces, once: an
 * `@media` block's rules stay) go first, so a `.5rem` or a font's `.woff2` never counts; null for a
 * stylesheet that names no class (global rules: every page carries it).
 */
export function selectorClasses(css: string): ReadonlySet<string> | null {
  const selectors = css.replace(/\{[^{}]*\}/g, ",")
  const names = new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!))
  return names.size ? names : null
}

/** The classes an HTML fragment's elements carry. */
export function htmlClasses(html: string): ReadonlySet<string> {
  const out = new Set<string>()
  for (const m of html.matchAll(/\bclass="([^"]*)"/g)) for (const name of m[1]!.split(/\s+/)) if (name) out.add(name)
  return out
}

interface PageStylesheet {
  /** The unfetched link and the inline style. */
  readonly tag: string
  readonly classes: ReadonlySet<string> | null
}

/** Whether a stylesheet styles any of these classes (one that names none styles every page). */
function styles(sheet: PageStylesheet, used: ReadonlySet<string>): boolean {
  if (sheet.classes === null) return true
  for (const name of sheet.classes) if (used.has(name)) return true
  return false
}

export interface PageTemplate {
  /** index.html with the entry's stylesheets inlined. */
  readonly html: string
  /** The inline styles of the site pages' stylesheets this rendered body uses, in the build's order. */
  stylesFor(body: string): string
}

export function pageTemplate(template: string, distDir: string): PageTemplate {
  const manifestFile = join(distDir, ".vite", "manifest.json")
  if (!existsSync(manifestFile)) return { html: template, stylesFor: () => "" }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>
  const { entry, pages } = siteStylesheets(manifest)
  const read = (file: string) => {
    const path = join(distDir, file)
    return existsSync(path) ? readFileSync(path, "utf8") : null
  }
  const html = template.replace(STYLESHEET, (link, file: string) => {
    const css = read(file)
    return css === null ? link : inlined(file, css)
  })
  const sheets: PageStylesheet[] = pages.flatMap((file) => {
    const css = entry.includes(file) ? null : read(file)
    if (css === null) return []
    return [{ tag: inlined(file, css), classes: selectorClasses(css) }]
  })
  return {
    html,
    stylesFor(body) {
      const used = htmlClasses(body)
      return sheets
        .filter((s) => styles(s, used))
        .map((s) => s.tag)
        .join("")
    },
  }
}
