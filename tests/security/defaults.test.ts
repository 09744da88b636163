import { readFileSync, mkdtempSync, rmSync } from "node:fs"
import { connect } from "node:net"
import { networkInterfaces, tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { openDb } from "../../server/db/index.ts"
import { loadConfig } from "../../server/config.ts"
import { DEMO_STAFF_ACCOUNTS } from "../../server/db/seed/index.ts"
import { apiOnlyDist } from "../soak/child.ts"
import { start } from "../../server/boot.ts"
import { startTestServer, TEST_ADMIN, TEST_JWT_SECRET } from "../support/server.ts"
import { databaseBeside } from "../support/pg-cluster.ts"
import { type SpawnedServer, spawnServer } from "../support/server-process.ts"
import { DEMO_DIRECTOR, DEMO_USER } from "../support/users.ts"
import { call } from "../api/helpers.ts"

/**
 * What a bare `npm start` exposes, as someone on the network (or reading the README) tries it:
 * - server/main.ts without HOST listens on 127.0.0.1 only;
 * - the demo customers and staff have a password printed once at their creation, none written anywhere
 *   (the README's old `Demo-2026!x` opens nothing);
 * - with NODE_ENV=production there are no demo people, companies or suggestion tables at all.
 * SQLite in DATA_DIRs of their own; the production start also on a fresh PostgreSQL database when
 * TEST_DATABASE_URL names a cluster.
 */
const dirs: string[] = []
const newDir = (prefix = "uc-defaults-") => {
  const d = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(d)
  return d
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** The password the README printed for every demo account until now. */
const README_PASSWORD = "Demo-2026!x"
const DEMO_PEOPLE = [DEMO_USER.email, DEMO_DIRECTOR.email, ...DEMO_STAFF_ACCOUNTS.map((s) => s.email)]

/** The addresses a TCP port listens on, from the kernel's own tables (IPv4 and IPv6). */
function listening(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0")
  const found: string[] = []
  for (const [file, v6] of [["/proc/net/tcp", false], ["/proc/net/tcp6", true]] as const) {
    let text: string
    try {
      text = readFileSync(file, "utf8")
    } catch {
      continue
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/)
      const [addr, p] = (local ?? "").split(":")
      if (p !== hexPort || state !== "0A") continue
      if (v6) found.push(addr === "0".repeat(32) ? "::" : addr === "00000000000000000000000001000000" ? "::1" : addr!)
      else found.push(Buffer.from(addr!, "hex").reverse().join("."))
    }
  }
  return found
}

/** Whether a TCP connection to host:port is accepted. */
const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 3000 })
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })

const siteSignIn = (url: string, email: string, password: string) => call(url, "POST", "/api/v1/users/sign_in/", { json: { user: { email, password } } })
const crmSignIn = (url: string, email: string, password: string) => call(url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password } } })
const signIn = (url: string, email: string, password: string) =>
  DEMO_STAFF_ACCOUNTS.some((s) => s.email === email) ? crmSignIn(url, email, password) : siteSignIn(url, email, password)

describe("npm start (server/main.ts) with neither HOST nor DEMO_PASSWORD", () => {
  let server: SpawnedServer | undefined
  const lines: string[] = []
  const dataDir = newDir()
  const env = {
    PATH: process.env.PATH,
    PORT: "0",
    DATA_DIR: dataDir,
    DIST_DIR: apiOnlyDist(),
    DATABASE_URL: "",
    JWT_SECRET: "defaults-secret-defaults-secret-0123456789",
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: "warn",
  }
  afterAll(() => server?.stop())

  it("listens on 127.0.0.1 only: the machine's other addresses refuse the connection", { timeout: 240_000 }, async () => {
    server = await spawnServer(env, (line) => lines.push(line))
    const port = Number(new URL(server.url).port)
    expect(listening(port)).toEqual(["127.0.0.1"])
    expect(await reachable("127.0.0.1", port)).toBe(true)
    const outside = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal && i.family === "IPv4")
      .map((i) => i!.address)
    for (const address of outside) expect(await reachable(address, port), address).toBe(false)
  })

  it("the demo people sign in with the password printed once at their creation, never with the README's", { timeout: 120_000 }, async () => {
    const url = server!.url
    const readme = await Promise.all(DEMO_PEOPLE.map(async (email) => (await signIn(url, email, README_PASSWORD)).status))
    const printed = lines.filter((l) => DEMO_PEOPLE.some((e) => l.includes(e)))
    expect({ readme, printed: printed.length }).toEqual({ readme: DEMO_PEOPLE.map(() => 401), printed: 1 })
    const password = /пароль: (\S+)/.exec(printed[0]!)?.[1]
    expect(password, printed[0]).toMatch(/^\S{12,}$/)
    for (const email of DEMO_PEOPLE) {
      expect(printed[0], email).toContain(email)
      expect((await signIn(url, email, password!)).status, email).toBe(200)
    }
    // Printed once: the next start of the same DATA_DIR says nothing of it.
    await server!.stop()
    const again: string[] = []
    server = await spawnServer(env, (line) => again.push(line))
    expect(again.filter((l) => l.includes(password!) || DEMO_PEOPLE.some((e) => l.includes(e)))).toEqual([])
    expect((await signIn(server.url, DEMO_USER.email, password!)).status).toBe(200)
  })
})

describe("DEMO_PASSWORD set: that password, nothing printed", () => {
  it("every demo person signs in with it", { timeout: 120_000 }, async () => {
    const log: string[] = []
    const running = await start({
      env: { DATA_DIR: newDir(), DATABASE_URL: "", PORT: "0", DIST_DIR: apiOnlyDist(), JWT_SECRET: TEST_JWT_SECRET, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, DEMO_PASSWORD: "Own-Demo-2026!q" },
      log: (line) => log.push(line),
    })
    try {
      const statuses = await Promise.all(DEMO_PEOPLE.map(async (email) => (await signIn(running.url, email, "Own-Demo-2026!q")).status))
      expect(statuses).toEqual(DEMO_PEOPLE.map(() => 200))
      expect(log).toEqual([])
    } finally {
      await running.close()
    }
  })
})

/** A fresh PostgreSQL database beside TEST_DATABASE_URL's, dropped after; null on SQLite runs. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const given = process.env.TEST_DATABASE_URL
  if (!given) return null
  const name = `uc_prod_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  return databaseBeside(given, name)
}

describe("NODE_ENV=production", () => {
  it("seeds no demo people, companies, legal persons or suggestion tables; suggestions answer an honest empty list", { timeout: 240_000 }, async () => {
    const postgres = await freshPostgres()
    const dir = newDir()
    const env = { DATA_DIR: dir, DATABASE_URL: postgres?.url ?? "", NODE_ENV: "production", DSS_URL: "https://dss.example.ru/STS/oauth", CA_KEY_FILE: "", CA_CERT_FILE: "", DADATA_API_KEY: "" }
    const server = await startTestServer(env)
    const suggestions: Record<string, unknown> = {}
    const readme: number[] = []
    try {
      for (const kind of ["party", "address"]) {
        const found = await call<{ suggestions: unknown[] }>(server.url, "POST", `/api/v1/suggestions/${kind}/`, { json: { query: kind === "party" ? "Ромашка" : "Москва Тверская" } })
        suggestions[kind] = [found.status, found.body.suggestions.length]
      }
      for (const email of DEMO_PEOPLE) readme.push((await signIn(server.url, email, README_PASSWORD)).status)
    } finally {
      await server.close()
    }
    const db = openDb(loadConfig({ DATA_DIR: dir, DATABASE_URL: postgres?.url ?? "" }))
    try {
      const count = async (table: "users" | "legal_persons" | "suggest_companies" | "suggest_addresses" | "certificates" | "epoas") =>
        Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n)
      const found = {
        users: await count("users"),
        legal_persons: await count("legal_persons"),
        suggest_companies: await count("suggest_companies"),
        suggest_addresses: await count("suggest_addresses"),
        certificates: await count("certificates"),
        epoas: await count("epoas"),
        // The only person is the first administrator the operator named.
        admin_users: (await db.kysely.selectFrom("admin_users").select("email").execute()).map((a) => a.email),
        suggestions,
        readme,
      }
      expect(found).toEqual({
        users: 0,
        legal_persons: 0,
        suggest_companies: 0,
        suggest_addresses: 0,
        certificates: 0,
        epoas: 0,
        admin_users: [TEST_ADMIN.email],
        suggestions: { party: [200, 0], address: [200, 0] },
        readme: DEMO_PEOPLE.map(() => 401),
      })
    } finally {
      await db.kysely.destroy()
      await postgres?.drop()
    }
  })
})

describe("settings a production start cannot go without", () => {
  const production = () => ({ DATA_DIR: newDir(), DATABASE_URL: "", NODE_ENV: "production", DSS_URL: "https://dss.example.ru/STS/oauth" })

  it("DSS_URL: without it the start stops (a myDSS link to nowhere would be offered); elsewhere unset means no myDSS", () => {
    const { DSS_URL: _, ...without } = production()
    expect(() => loadConfig(without)).toThrow(/DSS_URL is required/)
    expect(() => loadConfig({ ...without, DSS_URL: "dss.example.ru" })).toThrow(/DSS_URL must be an http\(s\) address/)
    expect(loadConfig(production()).dssUrl).toBe("https://dss.example.ru/STS/oauth")
    expect(loadConfig({ DATA_DIR: newDir() }).dssUrl).toBeNull()
  })

  it("an SMS provider without its key, or in production without the sender name, stops the start; an unknown provider too", () => {
    expect(() => loadConfig({ DATA_DIR: newDir(), SMS_PROVIDER: "smsru" })).toThrow(/SMSRU_API_ID/)
    expect(() => loadConfig({ ...production(), SMS_PROVIDER: "smsru", SMSRU_API_ID: "key" })).toThrow(/SMS_SENDER/)
    expect(() => loadConfig({ DATA_DIR: newDir(), SMS_PROVIDER: "smsc" })).toThrow(/SMS_PROVIDER must be/)
    expect(() => loadConfig({ DATA_DIR: newDir(), SMS_PROVIDER: "smsru", SMSRU_API_ID: "key", SMS_SENDER: "Удостоверяющий центр" })).toThrow(/SMS_SENDER must be/)
    expect(loadConfig({ ...production(), SMS_PROVIDER: "smsru", SMSRU_API_ID: "key", SMS_SENDER: "UC-Demo" }).sms).toMatchObject({ provider: "smsru", apiId: "key", sender: "UC-Demo", apiUrl: "https://sms.ru" })
    // Unset, the outbox file of the embedded default.
    expect(loadConfig({ DATA_DIR: newDir() }).sms.provider).toBe("outbox")
  })
})
