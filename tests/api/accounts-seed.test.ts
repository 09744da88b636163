import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { messages } from "../../schemas/messages/common.ts"
import { DEMO_ACCOUNTANT_ACCOUNT, DEMO_STAFF_ACCOUNTS } from "../../server/db/seed/index.ts"
import { linkParam, parseMail } from "../support/smtp.ts"
import { DEMO_DIRECTOR, DEMO_USER, registerUser, signInUser } from "../support/users.ts"
import { startApiServer } from "./harness.ts"
import { call } from "./helpers.ts"

/**
 * Each test starts a server of its own, on SQLite in a DATA_DIR of its own (DATABASE_URL="" overrides
 * TEST_DATABASE_URL), and signs no administrator in: what is seeded is the test's subject.
 */
const sqlite = (env: Record<string, string> = {}) => startApiServer({ env: { DATABASE_URL: "", ...env }, admin: false })

describe("embedded defaults", () => {
  it("without SMTP_URL each e-mail is an .eml file in DATA_DIR/outbox; SMS lines go to sms.log", async () => {
    const server = await sqlite()
    // This server is on SQLite whatever TEST_DATABASE_URL says: read its own database.
    const db = server.db()
    try {
      const r = await registerUser(server.url, db)
      const outbox = join(server.dataDir, "outbox")
      let files: string[] = []
      for (let i = 0; i < 50 && files.length === 0; i++) {
        // The outbox is made with the first message, which is sent after the answer: not there yet is empty.
        files = existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }).filter((f) => f.name.endsWith(".eml")).map((f) => f.name) : []
        if (files.length === 0) await new Promise((res) => setTimeout(res, 50))
      }
      expect(files).toHaveLength(1)
      const mail = parseMail(readFileSync(join(outbox, files[0]!), "latin1"))
      expect(mail.to).toBe(r.email)
      expect(mail.subject).toBe(messages.accounts.welcomeSubject)
      const token = linkParam(mail.text, "confirmation_token")!
      expect(mail.text).toContain(`${server.url}/users/confirmation?confirmation_token=${token}`)
      expect((await call(server.url, "POST", "/api/v1/phone_codes/", { json: { confirmation_token: token } })).status).toBe(201)
      expect(readFileSync(join(outbox, "sms.log"), "utf8")).toMatch(new RegExp(`^\\S+ \\${r.mobile_phone} Код подтверждения: \\d{6}\\.`, "m"))
    } finally {
      await server.close()
    }
  })

  it("demo accounts exist and sign in with DEMO_PASSWORD; a DATA_DIR seeded before them gets them on its next start", async () => {
    const server = await sqlite({ DEMO_PASSWORD: "Other-Demo-2026!x" })
    try {
      expect((await signInUser(server.url, DEMO_USER.email, "Other-Demo-2026!x")).type).toBe("user")
      expect((await signInUser(server.url, DEMO_DIRECTOR.email, "Other-Demo-2026!x")).type).toBe("director")
      await server.restart({ DATABASE_URL: "" }, async () => {
        // As if seeded before the demo accounts existed: no accounts, no marker.
        const db = server.db()
        await db.kysely.deleteFrom("legal_persons").execute()
        await db.kysely.deleteFrom("users").execute()
        await db.kysely.deleteFrom("app_meta").where("key", "=", "demo_accounts_at").execute()
      })
      expect((await signInUser(server.url, DEMO_DIRECTOR.email)).type).toBe("director")
    } finally {
      await server.close()
    }
  })

  const staffSignIn = (url: string, email: string, password: string) =>
    call<{ data: { attributes: { role: string; office_name: string | null } } }>(url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password } } })

  it("demo staff of the CRM's roles sign in with DEMO_PASSWORD: a 'Редактор', an 'Оператор УЦ' with an office, a 'Бухгалтер'", async () => {
    const server = await sqlite({ DEMO_PASSWORD: "Other-Demo-2026!x" })
    try {
      for (const staff of [...DEMO_STAFF_ACCOUNTS, DEMO_ACCOUNTANT_ACCOUNT]) {
        const ans = await staffSignIn(server.url, staff.email, "Other-Demo-2026!x")
        expect(ans.status, staff.email).toBe(200)
        expect(ans.body.data.attributes.role).toBe(staff.role)
        // The operator's start page counts the identification queue of their office.
        if (staff.role === "operator") expect(ans.body.data.attributes.office_name).toMatch(/\S/)
      }
    } finally {
      await server.close()
    }
  })

  it("never with NODE_ENV=production", async () => {
    const server = await sqlite({ NODE_ENV: "production", DSS_URL: "https://dss.example.ru/STS/oauth" })
    try {
      const ans = await call(server.url, "POST", "/api/v1/users/sign_in/", { json: { user: { email: DEMO_USER.email, password: DEMO_USER.password } } })
      expect(ans.status).toBe(401)
      for (const staff of [...DEMO_STAFF_ACCOUNTS, DEMO_ACCOUNTANT_ACCOUNT]) expect((await staffSignIn(server.url, staff.email, DEMO_USER.password)).status, staff.email).toBe(401)
    } finally {
      await server.close()
    }
  })
})
