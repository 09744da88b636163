import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { loadConfig } from "../../server/config.ts"

const dataDir = mkdtempSync(join(tmpdir(), "revocation-config-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "x".repeat(40), DSS_URL: "https://dss.example.ru", ...env })

describe("the revocation fetch settings (REVOCATION_FETCH, REVOCATION_PROXY, ALLOW_PRIVATE_REVOCATION_HOSTS)", () => {
  it("by default: fetching on, direct, public hosts only", () => {
    expect(load({}).revocation).toEqual({ disabled: false, proxy: null, allowPrivateHosts: false })
  })

  it("reads the proxy and the switches", () => {
    expect(load({ REVOCATION_PROXY: "http://proxy.local:3128", REVOCATION_FETCH: "0", ALLOW_PRIVATE_REVOCATION_HOSTS: "1" }).revocation).toEqual({
      disabled: true,
      proxy: "http://proxy.local:3128",
      allowPrivateHosts: true,
    })
  })

  it("refuses a proxy that is not an http:// address, and private hosts in production", () => {
    expect(() => load({ REVOCATION_PROXY: "socks5://proxy.local:1080" })).toThrow(/REVOCATION_PROXY must be an http:\/\/host:port address/)
    expect(() => load({ NODE_ENV: "production", ALLOW_PRIVATE_REVOCATION_HOSTS: "1", CA_KEY_FILE: "k", CA_CERT_FILE: "c" })).toThrow(/ALLOW_PRIVATE_REVOCATION_HOSTS is for tests/)
  })
})
