import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { siteStylesheets, withInlineStyles } from "../../server/page-styles.ts"

const manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, css: ["assets/index.css", "assets/theme.css"], dynamicImports: ["src/features/shell/InfoPage.tsx", "src/app/layouts/CrmArea.tsx"] },
  "src/features/shell/InfoPage.tsx": { src: "src/features/shell/InfoPage.tsx", file: "assets/InfoPage.js", isDynamicEntry: true, imports: ["index.html", "_forms.js"], dynamicImports: ["src/features/forms/editor/Editor.tsx"] },
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

  it("inlines them, keeps a disabled link for a page's stylesheet, preloads the Cyrillic font", () => {
    mkdirSync(join(dist, ".vite"), { recursive: true })
    mkdirSync(join(dist, "assets"))
    writeFileSync(join(dist, ".vite", "manifest.json"), JSON.stringify(manifest))
    writeFileSync(join(dist, "assets", "index.css"), "body{margin:0}")
    writeFileSync(join(dist, "assets", "theme.css"), ":root{--c:#000}")
    writeFileSync(join(dist, "assets", "forms.css"), ".f{content:'</style><script>'}")
    writeFileSync(join(dist, "assets", "golos-text-cyrillic-wght-normal-AbC1.woff2"), "")
    const template =
      '<html><head><link rel="stylesheet" crossorigin href="/assets/index.css">\n<link rel="stylesheet" crossorigin href="/assets/theme.css">\n</head><body></body></html>'
    const html = withInlineStyles(template, dist)
    expect(html).not.toContain('crossorigin href="/assets/index.css"')
    expect(html).toContain("<style>body{margin:0}</style>")
    expect(html).toContain("<style>:root{--c:#000}</style>")
    expect(html).toContain('<link rel="stylesheet" href="/assets/forms.css" disabled><style>')
    expect(html).not.toContain("</style><script>")
    expect(html).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/golos-text-cyrillic-wght-normal-AbC1.woff2">')
    expect(html).not.toContain("crm")
  })

  it("leaves the template as it is without a manifest", () => {
    expect(withInlineStyles("<head></head>", join(dist, "none"))).toBe("<head></head>")
  })
})
