import { describe, expect, test } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { CSP_REPORTS_PER_MINUTE, cspViolationCount } from "../../server/routes/csp-report.ts"
import { call } from "./helpers.ts"
import { serverWithAdmin } from "./harness.ts"

/**
 * POST /api/csp-report: both report formats counted, garbage and oversized bodies refused
 * with 4xx, a flood from one address limited; every answer that is not a page carries the strict
 * policy. Each client address of its own (TRUST_PROXY=1, X-Forwarded-For): the limit is per address.
 */
const api = serverWithAdmin({ env: { TRUST_PROXY: "1" } })

const from = (ip: string, type = "application/csp-report") => ({ "x-forwarded-for": ip, "content-type": type })
const legacy = { "csp-report": { "document-uri": "http://localhost/account?passport=4510123456", "effective-directive": "script-src-elem", "blocked-uri": "inline" } }

describe("the CSP report endpoint", () => {
  test("counts each violation of either format and answers 204", async () => {
    const before = cspViolationCount()
    const a = await call(api.url, "POST", "/api/csp-report", { raw: JSON.stringify(legacy), headers: from("10.9.0.1") })
    expect(a.status).toBe(204)
    const batch = [1, 2].map(() => ({ type: "csp-violation", body: { effectiveDirective: "img-src", blockedURL: "https://e.example/x", documentURL: "http://localhost/" } }))
    const b = await call(api.url, "POST", "/api/csp-report/", { raw: JSON.stringify(batch), headers: from("10.9.0.1", "application/reports+json") })
    expect(b.status).toBe(204)
    expect(cspViolationCount() - before).toBe(3)
    console.log(`CSP report endpoint: ${cspViolationCount() - before} violations counted from 2 reports`)
  })

  test("garbage is 400, an oversized body 413, JSON without a violation 204 and not counted; never 5xx", async () => {
    const before = cspViolationCount()
    const bad = await call(api.url, "POST", "/api/csp-report", { raw: "{csp", headers: from("10.9.0.2") })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ message: messages.http.badJson })
    const big = await call(api.url, "POST", "/api/csp-report", { raw: JSON.stringify({ "csp-report": { "blocked-uri": "x".repeat(70_000) } }), headers: from("10.9.0.2") })
    expect(big.status).toBe(413)
    expect(big.body).toEqual({ message: messages.http.bodyTooLarge })
    for (const raw of ["{}", "[]", "null", '"x"', '[{"type":"csp-violation"}]', '{"csp-report":[]}']) {
      expect((await call(api.url, "POST", "/api/csp-report", { raw, headers: from("10.9.0.2") })).status).toBe(204)
    }
    expect(cspViolationCount()).toBe(before)
  })

  test(`more than ${CSP_REPORTS_PER_MINUTE} reports a minute from one address are 429; another address is not held`, async () => {
    const statuses: number[] = []
    for (let i = 0; i <= CSP_REPORTS_PER_MINUTE; i++) statuses.push((await call(api.url, "POST", "/api/csp-report", { raw: "{}", headers: from("10.9.0.3") })).status)
    expect(statuses.filter((s) => s === 204)).toHaveLength(CSP_REPORTS_PER_MINUTE)
    const over = await call(api.url, "POST", "/api/csp-report", { raw: "{}", headers: from("10.9.0.3") })
    expect(over.status).toBe(429)
    expect(over.body).toEqual({ error: requestMessages.throttled })
    expect((await call(api.url, "POST", "/api/csp-report", { raw: "{}", headers: from("10.9.0.4") })).status).toBe(204)
  })

  test("answers that are not pages carry the strict policy", async () => {
    for (const path of ["/api/v2/menu_items/", "/api/v2/nothing", "/robots.txt"]) {
      const a = await call(api.url, "GET", path)
      expect(a.headers.get("content-security-policy"), path).toBe("default-src 'none'; frame-ancestors 'none'; report-uri /api/csp-report")
    }
  })
})
