import { describe, expect, test, vi } from "vitest"
import { createPageCache, isCachedRead, NONCE_MARK, pageKey, withoutSession } from "../../server/page-cache.ts"

describe("the kept pages of anonymous visitors", () => {
  const page = (onlyCachedReads = true) => ({ html: `<script nonce="${NONCE_MARK}"></script><p>$' ${NONCE_MARK.slice(0, 8)}</p>`, status: 200, onlyCachedReads })

  test("served with this answer's nonce while the generation holds; another generation, a signed-in visitor or no generation: not", () => {
    const pages = createPageCache()
    const key = pageKey("/faq", "", "city=kazan")!
    pages.keep(key, 7, page())
    expect(pages.find(key, 7, "abc")?.html).toBe(`<script nonce="abc"></script><p>$' ${NONCE_MARK.slice(0, 8)}</p>`)
    expect(pages.find(key, 8, "abc")).toBeNull()
    expect(pages.find(pageKey("/faq", "", "city=spb")!, 7, "abc")).toBeNull()
    expect(pageKey("/faq", "", "city=kazan; token=eyJ")).toBeNull()
    pages.keep("other", null, page())
    expect(pages.find("other", null, "abc")).toBeNull()
  })

  test("a signed-in visitor's other cookies name the anonymous page theirs is written from", () => {
    expect(withoutSession("city=kazan; token=eyJ; cookie_agreement=1")).toBe("city=kazan; cookie_agreement=1")
    expect(withoutSession("token=eyJ")).toBe("")
    expect(withoutSession("xtoken=1;token=eyJ")).toBe("xtoken=1")
    expect(pageKey("/faq", "", withoutSession("city=kazan; token=eyJ"))).toBe(pageKey("/faq", "", "city=kazan"))
  })

  test("a page that read data changing outside the CRM is kept a second; one of cached reads a minute", () => {
    vi.useFakeTimers()
    try {
      const pages = createPageCache()
      pages.keep("a", 1, page(false))
      pages.keep("b", 1, page(true))
      vi.advanceTimersByTime(1500)
      expect(pages.find("a", 1, "n")).toBeNull()
      expect(pages.find("b", 1, "n")).not.toBeNull()
      vi.advanceTimersByTime(60_000)
      expect(pages.find("b", 1, "n")).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  test("which reads are the public-read cache's", () => {
    expect(isCachedRead("/api/v2/menu_items/")).toBe(true)
    expect(isCachedRead("/api/v2/faq/?page=2")).toBe(true)
    expect(isCachedRead("/api/v2/certificates/?inn=7707083893")).toBe(false)
  })
})
