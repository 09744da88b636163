import { describe, expect, test } from "vitest"
import { prefetchAllowed, prefetchHref } from "../../src/app/prefetch.ts"

describe("link prefetching", () => {
  test("skipped on 2g connections and with data saver on", () => {
    expect(prefetchAllowed(undefined)).toBe(true)
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true)
    expect(prefetchAllowed({ effectiveType: "3g", saveData: false })).toBe(true)
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false)
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false)
    expect(prefetchAllowed({ effectiveType: "4g", saveData: true })).toBe(false)
  })

  test("only another route of the same site, once per address", async () => {
    const base = "https://uc.example/buy"
    expect(prefetchHref("https://other.example/faq", base)).toBeNull()
    expect(prefetchHref("/buy", base)).toBeNull()
    expect(prefetchHref("mailto:support@uc.example", base)).toBeNull()
    const faq = prefetchHref("/faq", base)
    expect(faq).toBeInstanceOf(Promise)
    await faq
    expect(prefetchHref("/faq", base)).toBeNull()
    expect(prefetchHref("/no/such/page/here", base)).toBeNull()
  })
})
