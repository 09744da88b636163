import { describe, expect, test } from "vitest"
import { SITEMAP_EXCLUDED, SITEMAP_PATHS } from "../../schemas/routes.ts"
import { SITE_ROUTES } from "../../src/app/routes.ts"
import { formsOf, htmlToText, queryStems, queryWords, snippetOf, stem, termsOf } from "../../server/services/search-text.ts"

describe("sitemap's own pages", () => {
  test("every site route without parameters is listed or excluded on purpose", () => {
    const plain = SITE_ROUTES.flatMap((r) => (typeof r.path === "string" && !r.path.includes(":") ? [r.path] : []))
    expect(plain.length).toBeGreaterThan(15)
    for (const path of plain) expect([...SITEMAP_PATHS, ...SITEMAP_EXCLUDED], path).toContain(path)
  })
})

describe("search text", () => {
  test("Snowball stems join word forms, ё as е", () => {
    expect(stem("сертификатов")).toBe(stem("сертификат"))
    expect(stem("электронной")).toBe(stem("электронная"))
    expect(termsOf("Ёлка и ЕЛКИ")).toBe("елк и елк")
  })

  test("a query word also stands for its form across Snowball's reflexive split", () => {
    // Snowball stems 'подпись' to 'подп' but 'подписи' to 'подпис': each side's form is tried.
    expect(stem("подпись")).not.toBe(stem("подписи"))
    expect(formsOf("подписи").map(stem)).toContain(stem("подпись"))
    expect(formsOf("подпись").map(stem)).toContain(stem("подписи"))
    expect(formsOf("запись").map(stem)).toContain(stem("записи"))
    expect(queryWords("Подписи, подписи! и 44-ФЗ")).toEqual([formsOf("подписи"), ["и"], ["44"], ["фз"]])
  })

  test("HTML becomes plain text: tags and scripts out, entities decoded", () => {
    expect(htmlToText('<p>Один&nbsp;<b>два</b></p><script>alert("x")</script><style>p{}</style>&lt;три&gt; &#1095;&#x442;')).toBe("Один два <три> чт")
  })

  test("a snippet is at most 160 characters around the first match, its words marked", () => {
    const text = `${"начало ".repeat(40)}здесь подписи и ключи ${"конец ".repeat(40)}`.trim()
    const s = snippetOf(text, queryStems(queryWords("подпись")))
    expect(s.text.length).toBeLessThanOrEqual(160)
    expect(s.text.startsWith("…") && s.text.endsWith("…")).toBe(true)
    expect(s.marks.map(([a, b]) => s.text.slice(a, b))).toEqual(["подписи"])
    const short = snippetOf("Короткий текст", queryStems(queryWords("текстом")))
    expect(short).toEqual({ text: "Короткий текст", marks: [[9, 14]] })
  })
})
