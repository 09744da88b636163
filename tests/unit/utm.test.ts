import { afterEach, beforeEach, describe, expect, test } from "vitest"
import { captureUtm, readUtm, utmOf } from "../../src/features/requests/utm.ts"

class MemoryStorage {
  private map = new Map<string, string>()
  getItem(k: string) {
    return this.map.get(k) ?? null
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v))
  }
  removeItem(k: string) {
    this.map.delete(k)
  }
}

describe("utm (SPEC.md section 3)", () => {
  beforeEach(() => {
    ;(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage()
  })
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage
  })

  test("reads the three tracked tags with the utm_ prefix stripped, ignoring others", () => {
    expect(utmOf("?utm_source=yandex&utm_medium=cpc&utm_campaign=ep-44fz&utm_term=x&gclid=1")).toEqual({ source: "yandex", medium: "cpc", campaign: "ep-44fz" })
    expect(utmOf("?utm_source=%D0%BF%D0%BE%D1%87%D1%82%D0%B0")).toEqual({ source: "почта" })
    expect(utmOf("")).toEqual({})
  })

  test("a landing with tags replaces the kept ones; one without keeps them", () => {
    captureUtm("?utm_source=google&utm_medium=cpc")
    expect(readUtm()).toEqual({ source: "google", medium: "cpc" })
    captureUtm("?page=2")
    expect(readUtm()).toEqual({ source: "google", medium: "cpc" })
    captureUtm("?utm_campaign=autumn")
    expect(readUtm()).toEqual({ campaign: "autumn" })
  })

  test("garbage in storage reads as no tags", () => {
    localStorage.setItem("utm", "{not json")
    expect(readUtm()).toEqual({})
    localStorage.setItem("utm", JSON.stringify({ source: 5, medium: "cpc" }))
    expect(readUtm()).toEqual({ medium: "cpc" })
  })

  test("without storage (server rendering) nothing breaks", () => {
    delete (globalThis as { localStorage?: unknown }).localStorage
    captureUtm("?utm_source=x")
    expect(readUtm()).toEqual({})
  })
})
