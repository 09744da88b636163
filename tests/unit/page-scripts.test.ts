import { describe, expect, it } from "vitest"
import { compose } from "../../server/render.ts"
import { webFontFiles, withDeferredScripts } from "../../server/page-scripts.ts"

const BUILT =
  '<html><head><title>Т</title>\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-B.js">\n    <link rel="modulepreload" crossorigin href="/assets/x</script>.js">\n' +
  '  </head><body><div id="root"></div></body></html>'

/** @fontsource's faces as the build inlines them: one file per subset, each with its unicode-range. */
const FACES =
  "<style>@font-face{font-family:Golos Text Variable;font-display:swap;src:url(/assets/golos-cyrillic-ext.woff2)format(\"woff2-variations\");unicode-range:U+460-52F,U+1C80-1C8A}" +
  "@font-face{font-family:Golos Text Variable;src:url(/assets/golos-cyrillic.woff2)format(\"woff2-variations\");unicode-range:U+301,U+400-45F,U+2116}" +
  "@font-face{font-family:Golos Text Variable;src:url(/assets/golos-latin-ext.woff2)format(\"woff2-variations\");unicode-range:U+100-2BA,U+2BD-2C5}" +
  "@font-face{font-family:Golos Text Variable;src:url(/assets/golos-latin.woff2)format(\"woff2-variations\");unicode-range:U+0000-00FF,U+0131,U+2000-206F}" +
  "@font-face{font-family:Other;src:url(/assets/other-latin.woff2);unicode-range:U+0000-00FF}</style>"

describe("the page's scripts start after its first paint", () => {
  const html = withDeferredScripts(BUILT)

  it("leaves nothing in the head for the browser to fetch before painting", () => {
    const head = html.slice(0, html.indexOf("</head>"))
    expect(head).toBe("<html><head><title>Т</title>\n    ")
    expect(html.indexOf("<script>")).toBeGreaterThan(html.indexOf('<div id="root">'))
  })

  it("adds the module preloads and the entry from a loader at the end of the body, after the first contentful paint", () => {
    const loader = /<script>(.*)<\/script><\/body>/.exec(html)![1]!
    expect(loader).toContain('"/assets/react-B.js"')
    expect(loader).toContain('s.src="/assets/index-A.js"')
    expect(loader).toContain('e.name==="first-contentful-paint"')
    expect(loader).toContain('observe({type:"paint",buffered:true})')
    // Without the Paint Timing API, after a frame.
    expect(loader).toContain("requestAnimationFrame(function(){setTimeout(go,0)})")
    expect(loader).toContain('d.visibilityState!=="visible"')
    // A shell page (an empty root: the browser renders it) has no paint to wait for.
    expect(loader).toContain('if(d.visibilityState!=="visible"||!r||!r.firstChild)return go()')
    // A file name cannot end the inline script early.
    expect(loader).not.toContain("</script>")
    expect(loader).toContain("x\\u003c/script\\u003e.js")
  })

  it("carries the answer's nonce, as every script of the template does", () => {
    const page = compose(html, { kind: "page", status: 200, head: "<title>П</title>", body: "<main></main>", boot: "{}" }, "N0nce")
    expect(page).toContain('<script nonce="N0nce">(function(d,w)')
    expect(page.match(/<script(?![^>]*nonce="N0nce")/g)).toBeNull()
  })

  it("prefetches the web font's files for Cyrillic and Latin text, and no other", () => {
    expect(webFontFiles(FACES)).toEqual(["/assets/golos-cyrillic.woff2", "/assets/golos-latin.woff2"])
    const loader = withDeferredScripts(BUILT.replace("</head>", `${FACES}</head>`))
    expect(loader).toContain('var left=["/assets/golos-cyrillic.woff2","/assets/golos-latin.woff2"]')
    expect(loader).toContain('link(h,"prefetch","font")')
    // No handler property in the page's own script: the script-injection tests look for exactly that in the HTML.
    expect(loader).not.toMatch(/on(load|error|click)=/)
  })

  it("leaves a template without Vite's entry as it is", () => {
    expect(withDeferredScripts("<html><body></body></html>")).toBe("<html><body></body></html>")
  })
})
