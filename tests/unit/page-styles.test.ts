import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { htmlClasses, pageTemplate, selectorClasses, siteStylesheets } from "../../server/page-styles.ts"

const manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, css: ["assets/index.css", "assets/theme.css"], dynamicImports: ["src/features/content/CmsPage.tsx", "src/app/layouts/CrmArea.tsx"] },
  "src/features/content/CmsPage.tsx": { src: "src/features/content/CmsPage.tsx", file: "assets/CmsPage.js", isDynamicEntry: true, imports: ["index.html", "_forms.js"], dynamicImports: ["src/features/forms/editor/Editor.tsx"] },
  "_forms.js": { file: "assets/forms.js", css: ["assets/forms.css", "assets/theme.css"] },
  "src/features/forms/editor/Editor.tsx": { src: "src/features/forms/editor/Editor.tsx", file: "assets/Editor.js", isDynamicEntry: true, css: ["assets/editor.css"] },
  "src/app/layouts/CrmArea.tsx": { src: "src/app/layouts/CrmArea.tsx", file: "assets/CrmArea.js", isDynamicEntry: true, css: ["assets/crm.css"], imports: ["_crm-page.js"] },
  "_crm-page.js": { file: "assets/crm-page.js", css: ["assets/crm-page.css"] },
}

describe("page styles", () => {
  it("the entry's and the site pages' stylesheets, each once; never the admin area's or the editor's", () => {
    expect(siteStylesheets(manifest)).toEqual({ entry: ["assets/index.css", "assets/theme.css"], pages: ["assets/forms.css"] })
  })

  const dist = mkdtempSync(join(tmpdir(), "page-styles-"))
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  it("inlines the entry's stylesheets behind unfetched links (a chunk that needs one does not load it again); a page carries the page stylesheets its HTML uses, behind an unfetched link", () => {
    mkdirSync(join(dist, ".vite"), { recursive: true })
    mkdirSync(join(dist, "assets"))
    writeFileSync(join(dist, ".vite", "manifest.json"), JSON.stringify(manifest))
    writeFileSync(join(dist, "assets", "index.css"), "@font-face{font-family:G;src:url(/assets/g.woff2)}body{margin:0}")
    writeFileSync(join(dist, "assets", "theme.css"), ":root{--c:#000}")
    writeFileSync(join(dist, "assets", "forms.css"), ".f{content:'</style><script>'}@media (min-width:40em){.g .h:hover{margin:.5rem}}")
    const template =
      '<html><head><link rel="stylesheet" crossorigin href="/assets/index.css">\n<link rel="stylesheet" crossorigin href="/assets/theme.css">\n</head><body></body></html>'
    const { html, stylesFor } = pageTemplate(template, dist)
    expect(html).not.toContain('crossorigin href="/assets/index.css"')
    expect(html).toContain('<link rel="stylesheet" type="text/x-inlined" href="/assets/index.css"><style>@font-face{font-family:G;src:url(/assets/g.woff2)}body{margin:0}</style>')
    expect(html).toContain('<link rel="stylesheet" type="text/x-inlined" href="/assets/theme.css"><style>:root{--c:#000}</style>')
    expect(html).not.toContain("forms.css")
    expect(html).not.toContain('rel="preload"')
    expect(html).not.toContain("crm")

    expect(stylesFor('<main><p class="x">Текст</p></main>')).toBe("")
    for (const body of ['<div class="a f">', '<div class="h">']) {
      const styles = stylesFor(body)
      expect(styles).toMatch(/^<link rel="stylesheet" type="text\/x-inlined" href="\/assets\/forms.css"><style>/)
      expect(styles).not.toContain("</style><script>")
    }
  })

  it("reads class names from selectors only", () => {
    expect([...(selectorClasses(".a{margin:.5rem}@media (x){.b .c:not(.d){background:url(x.png)}}") ?? [])]).toEqual(["a", "b", "c", "d"])
    expect(selectorClasses("html{color:red}@font-face{src:url(a.woff2)}")).toBeNull()
    expect([...htmlClasses('<p class="a  b"><i class="">x</i><b class="c">')]).toEqual(["a", "b", "c"])
  })

  it("leaves the template as it is without a manifest", () => {
    expect(pageTemplate("<head></head>", join(dist, "none")).html).toBe("<head></head>")
  })
})
