import { describe, expect, it } from "vitest"
import { fileLabel, fileSize, previewText } from "../../schemas/content-text.ts"
import { contentPath, pathMatches } from "../../schemas/entities/content.ts"

const units = { bytes: "Б", kilobytes: "КБ", megabytes: "МБ" }

describe("previewText (SPEC.md section 9)", () => {
  it("keeps text of up to 160 characters whole", () => {
    const t = "я".repeat(160)
    expect(previewText(t)).toBe(t)
  })
  it("cuts text over 160 characters to the first 150 and '…'", () => {
    const t = "б".repeat(161)
    expect(previewText(t)).toBe(`${"б".repeat(150)}…`)
  })
  it("counts an emoji as one character and collapses spaces", () => {
    const t = `${"😀".repeat(155)}  ${"a".repeat(10)}`
    const cut = previewText(t)
    expect(Array.from(cut)).toHaveLength(151)
    expect(previewText("  a \n  b ")).toBe("a b")
  })
})

describe("fileSize and fileLabel", () => {
  it("names the size in Б, КБ and МБ", () => {
    expect(fileSize(512, units)).toBe("512 Б")
    expect(fileSize(245 * 1024, units)).toBe("245 КБ")
    expect(fileSize(1.2 * 1024 * 1024, units)).toBe("1,2 МБ")
    expect(fileSize(25 * 1024 * 1024, units)).toBe("25 МБ")
  })
  it("names the format from the extension", () => {
    expect(fileLabel({ name: "Регламент.pdf", size: 245 * 1024 }, units)).toBe("PDF, 245 КБ")
    expect(fileLabel({ name: "archive", size: null }, units)).toBe("")
  })
})

describe("content paths and banner patterns", () => {
  it("normalizes a path as the content tables keep it", () => {
    expect(contentPath("/faq/")).toBe("/faq")
    expect(contentPath("faq?x=1")).toBe("/faq")
    expect(contentPath("/")).toBe("/")
    expect(contentPath("")).toBe("/")
  })
  it("matches an exact path or a pattern with *", () => {
    expect(pathMatches("/faq", "/faq/")).toBe(true)
    expect(pathMatches("/faq", "/faq/articles/1")).toBe(false)
    expect(pathMatches("/faq*", "/faq/articles/1")).toBe(true)
    expect(pathMatches("/faq*", "/posts")).toBe(false)
    expect(pathMatches("*", "/anything")).toBe(true)
    expect(pathMatches("/a.b", "/aXb")).toBe(false)
  })
})
