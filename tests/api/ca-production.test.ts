import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { registerMessages } from "../../schemas/messages/register.ts"
import { openDb } from "../../server/db/index.ts"
import { loadConfig } from "../../server/config.ts"
import { startApiServer } from "./harness.ts"
import { call } from "./helpers.ts"

/**
 * The demo CA's key is public (server/db/seed/pki/ca.key): with NODE_ENV=production and no
 * CA_KEY_FILE it certifies nothing, signs no CRL and is not trusted. SQLite, a DATA_DIR of its own, kept
 * after the server closes to read what it stored.
 */
const dirs: string[] = []
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), "uc-ca-"))
  dirs.push(d)
  return d
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
const seedFile = (name: string) => fileURLToPath(new URL(`../../server/db/seed/pki/${name}`, import.meta.url))

async function ownRoots(dir: string) {
  const db = openDb(loadConfig({ DATA_DIR: dir, DATABASE_URL: "" }))
  try {
    return await db.kysely.selectFrom("trust_roots").select(["name", "source"]).where("source", "=", "demo").execute()
  } finally {
    await db.kysely.destroy()
  }
}

describe("the CA in production", () => {
  it("without CA_KEY_FILE: the demo CA is neither trusted nor used", async () => {
    const dir = newDir()
    const env = { DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "production", DSS_URL: "https://dss.example.ru/STS/oauth", CA_KEY_FILE: "", CA_CERT_FILE: "" }
    expect(loadConfig(env).caKeyFile).toBeNull()
    const server = await startApiServer({ env, admin: false })
    try {
      const crl = await call(server.url, "GET", `/cdp/${"ab".repeat(20)}.crl`)
      expect(crl.status).toBe(503)
      expect(JSON.stringify(crl.body)).toContain(registerMessages.caNotConfigured)
      // The public validation still works: it needs no key of ours.
      const svs = await call(server.url, "POST", "/api/v1/svs/certificates/validate/", { json: { certificate: "не сертификат" } })
      expect(svs.status).toBe(422)
    } finally {
      await server.close()
    }
    expect(await ownRoots(dir)).toEqual([])
  })

  it("with CA_KEY_FILE and CA_CERT_FILE: that CA is ours and trusted", async () => {
    const dir = newDir()
    const env = { DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "production", DSS_URL: "https://dss.example.ru/STS/oauth", CA_KEY_FILE: seedFile("ca.key"), CA_CERT_FILE: seedFile("ca.cer") }
    const server = await startApiServer({ env, admin: false })
    await server.close()
    expect(await ownRoots(dir)).toHaveLength(1)
  })
})
