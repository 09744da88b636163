import { describe, expect, test } from "vitest"
import { API_POLICY, cspNonce, pagePolicy } from "../../server/lib/csp.ts"
import { compose } from "../../server/render.ts"
import { violationsOf } from "../../server/routes/csp-report.ts"

/** The Content-Security-Policy's parts that need no browser (server/lib/csp.ts). */
const TEMPLATE = `<!doctype html><html><head><title>Т</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-2.js">
<link rel="stylesheet" href="/assets/a.css"></head><body><div id="root"></div></body></html>`

describe("Content-Security-Policy", () => {
  test("a page's policy runs only the site's scripts and this answer's nonce; no unsafe-inline or eval for scripts", () => {
    const policy = pagePolicy("abc")
    const directive = (name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `))
    expect(directive("script-src")).toBe("script-src 'self' 'nonce-abc'")
    expect(policy).not.toMatch(/unsafe-eval/)
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'")
    expect(directive("object-src")).toBe("object-src 'none'")
    expect(directive("base-uri")).toBe("base-uri 'self'")
    expect(directive("form-action")).toBe("form-action 'self'")
    expect(directive("report-uri")).toBe("report-uri /api/csp-report")
    expect(pagePolicy()).toContain("script-src 'self';")
    expect(API_POLICY).toBe("default-src 'none'; frame-ancestors 'none'; report-uri /api/csp-report")
  })

  test("nonces are 128 random bits, never the same twice", () => {
    const nonces = new Set(Array.from({ length: 1000 }, cspNonce))
    expect(nonces.size).toBe(1000)
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16)
  })

  test("the template's scripts, module preloads and the boot data carry the nonce; a page's own text never", () => {
    const body = `<p>$&amp; $\` $' $$</p><script>alert(1)</script>`
    const html = compose(TEMPLATE, { kind: "page", status: 200, head: "<title>Страница $'</title>", body, boot: '{"a":"\\u003c/script\\u003e"}' }, "N0nce")
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script nonce="N0nce" type="module" crossorigin src="/assets/index-1.js">',
      "<script>",
      '<script type="application/json" id="boot-data" nonce="N0nce">',
    ])
    expect(html).toContain('<link rel="modulepreload" nonce="N0nce" crossorigin href="/assets/react-2.js">')
    expect(html).not.toMatch(/<link[^>]*stylesheet[^>]*nonce/)
    // `$` patterns of a page's text are text, not replacement patterns.
    expect(html).toContain(`<div id="root">${body}</div>`)
    expect(html).toContain("<title>Страница $'</title>")
    const shell = compose(TEMPLATE, { kind: "shell", status: 200, boot: "{}" }, "N1")
    expect(shell).toContain('<div id="root"></div><script type="application/json" id="boot-data" nonce="N1">{}</script>')
  })

  test("reports of both formats are read; garbage holds none; addresses lose their query", () => {
    expect(violationsOf({ "csp-report": { "effective-directive": "script-src-elem", "blocked-uri": "inline", "document-uri": "https://uc.example/account?snils=123" } })).toEqual([
      { directive: "script-src-elem", blocked: "inline", document: "https://uc.example/account" },
    ])
    expect(violationsOf([{ type: "csp-violation", body: { effectiveDirective: "img-src", blockedURL: "https://e.example/x.png?token=1", documentURL: "https://uc.example/" } }, { type: "deprecation", body: {} }])).toEqual([
      { directive: "img-src", blocked: "https://e.example/x.png", document: "https://uc.example/" },
    ])
    for (const garbage of [null, 1, "x", {}, [], [null], { "csp-report": 1 }, [{ type: "csp-violation" }]]) expect(violationsOf(garbage)).toEqual([])
  })
})
