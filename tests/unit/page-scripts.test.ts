import { describe, expect, it } from "vitest"
import { compose } from "../../server/render.ts"
import { withDeferredScripts } from "../../server/page-scripts.ts"

const BUILT =
  '<html><head><title>Т</title>\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-B.js">\n    <link rel="modulepreload" crossorigin href="/assets/x</script>.js">\n' +
  '  </head><body><div id="root"></div></body></html>'

describe("the page's scripts start after its first paint", () => {
  const html = withDeferredScripts(BUILT)

  it("leaves nothing in the head for the browser to fetch before painting", () => {
    const head = html.slice(0, html.indexOf("</head>"))
    expect(head).toBe("<html><head><title>Т</title>\n    ")
    expect(html.indexOf("<script>")).toBeGreaterThan(html.indexOf('<div id="root">'))
  })

  it("adds the module preloads and the entry from a loader at the end of the body, after a frame", () => {
    const loader = /<script>(.*)<\/script><\/body>/.exec(html)![1]!
    expect(loader).toContain('"/assets/react-B.js"')
    expect(loader).toContain('s.src="/assets/index-A.js"')
    expect(loader).toContain("requestAnimationFrame(function(){setTimeout(go,0)})")
    expect(loader).toContain('d.visibilityState!=="visible"')
    // A file name cannot end the inline script early.
    expect(loader).not.toContain("</script>")
    expect(loader).toContain("x\\u003c/script>.js")
  })

  it("carries the answer's nonce, as every script of the template does", () => {
    const page = compose(html, { kind: "page", status: 200, head: "<title>П</title>", body: "<main></main>", boot: "{}" }, "N0nce")
    expect(page).toContain('<script nonce="N0nce">(function(d)')
    expect(page.match(/<script(?![^>]*nonce="N0nce")/g)).toBeNull()
  })

  it("leaves a template without Vite's entry as it is", () => {
    expect(withDeferredScripts("<html><body></body></html>")).toBe("<html><body></body></html>")
  })
})
