import { afterEach, describe, expect, it, vi } from "vitest"
import { signToken, verifyToken } from "../../server/lib/tokens.ts"

const secret = new TextEncoder().encode("unit-secret-unit-secret-unit-secret-0123")
const other = new TextEncoder().encode("other-secret-other-secret-other-secret-99")
const claims = { sub: "42", ctx: "site", lvl: 1, sv: 0 } as const

afterEach(() => vi.useRealTimers())

describe("session tokens: verified once, judged on every use", () => {
  it("a good token answers the same claims each time it is asked", async () => {
    const token = await signToken(secret, claims, 60)
    const first = await verifyToken(secret, token, "site")
    expect(first).toMatchObject({ sub: "42", ctx: "site", lvl: 1, sv: 0 })
    expect(await verifyToken(secret, token, "site")).toEqual(first)
    // The context is still judged on a token already seen.
    expect(await verifyToken(secret, token, "admin")).toBeNull()
  })

  it("a token already seen is refused once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const token = await signToken(secret, claims, 60)
    expect(await verifyToken(secret, token, "site")).not.toBeNull()
    vi.setSystemTime(Date.now() + 61_000)
    expect(await verifyToken(secret, token, "site")).toBeNull()
  })

  it("a seen token's forged twin and the same token under another secret are refused", async () => {
    const token = await signToken(secret, claims, 60)
    expect(await verifyToken(secret, token, "site")).not.toBeNull()
    const [header, , signature] = token.split(".")
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()), lvl: 3 })).toString("base64url")
    expect(await verifyToken(secret, `${header}.${raised}.${signature}`, "site")).toBeNull()
    expect(await verifyToken(other, token, "site")).toBeNull()
  })
})
