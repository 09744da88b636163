import { describe, expect, test } from "vitest"
import { RETURN_TO_MAX_LENGTH } from "../../schemas/constants.ts"
import { returnPath } from "../../server/lib/return-to.ts"

describe("returnPath: the page a sign-up goes back to (docs/decisions.md, «Регистрация»)", () => {
  test("pages of the route table are kept with their query and fragment", () => {
    for (const path of ["/price", "/orders/new?step=review#check", "/orders/12/edit", "/account", "/account/orders/5", "/kazan", "/faq/articles/3"]) expect(returnPath(path), path).toBe(path)
  })

  test("other hosts, schemes and tricks a browser reads as another host are dropped", () => {
    const attacks = ["//evil.example", "///evil.example", "/\\evil.example", "\\\\evil.example", "https://evil.example", "http:/evil.example", "javascript:alert(1)", "data:text/html,x", "/%2F%2Fevil.example", "/%5Cevil.example", "/.//evil.example", "/\t/evil.example", "/\n/evil.example", " /price", "price", ""]
    for (const path of attacks) expect(returnPath(path), JSON.stringify(path)).toBeNull()
  })

  test("not a page: unknown paths, the sign-in, sign-up and confirmation pages, the admin area, the server's own paths", () => {
    for (const path of ["/no/such/page", "/users/sign_in", "/users/sign_up", "/users/confirmation?confirmation_token=x", "/users/password/edit", "/crm", "/crm/orders", "/admin_users", "/api", "/Kazan"]) expect(returnPath(path), path).toBeNull()
  })

  test("not a string, or longer than the limit", () => {
    for (const value of [null, undefined, 42, ["/price"], { path: "/price" }]) expect(returnPath(value)).toBeNull()
    const long = `/orders/new?${"x".repeat(RETURN_TO_MAX_LENGTH)}`
    expect(returnPath(long)).toBeNull()
    expect(returnPath(long.slice(0, RETURN_TO_MAX_LENGTH))).toBe(long.slice(0, RETURN_TO_MAX_LENGTH))
  })
})
