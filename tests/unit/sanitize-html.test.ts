import { describe, expect, test } from "vitest"
import { sanitizeEditorHtml } from "../../server/lib/sanitize-html.ts"

describe("the editor's HTML on the server", () => {
  test("keeps what the editor writes: headings, emphasis, lists, both link styles, our images", () => {
    const html =
      '<h2>Как получить подпись</h2><p><strong>Шаг 1.</strong> <em>Выберите</em> тариф.</p><ul><li>ИНН</li></ul>' +
      '<p><a href="https://example.ru/buy" class="link-button" target="_blank" rel="noopener noreferrer">Купить</a></p>' +
      '<p><img src="/uploads/images/banner-0123456789abcdef.png" alt="Баннер"></p>'
    // sanitize-html writes void elements self-closed; nothing else changes.
    expect(sanitizeEditorHtml(html)).toBe(html.replace('alt="Баннер">', 'alt="Баннер" />'))
  })

  test("removes scripts, event handlers, javascript: links, styles and foreign classes", () => {
    const out = sanitizeEditorHtml(
      '<p onclick="alert(1)" style="color:red">Текст<script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)" class="evil link-button">x</a><iframe src="https://evil.example"></iframe>',
    )
    expect(out).not.toMatch(/script|onclick|style=|javascript:|iframe|evil/)
    expect(out).toContain("<p>Текст</p>")
    expect(out).toContain('class="link-button"')
  })

  test("every link opens in a new tab without a handle on the site", () => {
    expect(sanitizeEditorHtml('<a href="https://example.ru">x</a>')).toBe('<a href="https://example.ru" target="_blank" rel="noopener noreferrer">x</a>')
  })

  test("drops images from elsewhere than our upload folder or https, and data: images", () => {
    for (const src of ["http://example.ru/a.png", "data:image/png;base64,AAAA", "//evil.example/a.png", "/etc/passwd"]) {
      expect(sanitizeEditorHtml(`<p><img src="${src}" alt="a"></p>`)).toBe("<p></p>")
    }
    expect(sanitizeEditorHtml('<img src="https://cdn.example.ru/a.png" alt="a">')).toBe('<img src="https://cdn.example.ru/a.png" alt="a" />')
  })
})
