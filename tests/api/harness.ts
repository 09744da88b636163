import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect } from "vitest"
import { type Db, openDb } from "../../server/db/index.ts"
import { adminToken, startTestServer, type TestServer } from "../support/server.ts"
import { type SmtpSink, startSmtpSink } from "../support/smtp.ts"
import { startTwoProcesses, type TwoProcesses } from "../support/two-processes.ts"
import { call, type Caller, uniq } from "./call.ts"

type Env = Record<string, string>

/**
 * The API test harness: a real server on a fresh temporary database (a SQLite DATA_DIR of its own, or
 * the PostgreSQL database of TEST_DATABASE_URL) with the test administrator signed in. API and security
 * tests get their servers here, never from a setup of their own:
 * - `serverWithAdmin(options)`: the server of a test file, or of one `describe` when called inside it,
 *   started before its tests and closed after them;
 * - `startApiServer(options)`: a server one test starts and closes itself (several at once, a fresh
 *   database, settings only that test uses).
 */

/** How a harness server runs (every option may be left out: one server, the defaults, an administrator). */
export interface ServerOptions {
  /**
   * Server settings over the tests' defaults (tests/support/server.ts): TRUST_PROXY, YOOKASSA_…; a
   * getter when a value is known only once another service of the file runs. DATABASE_URL: "" is
   * SQLite whatever TEST_DATABASE_URL says; a DATA_DIR given is used and kept.
   */
  readonly env?: Env | (() => Env)
  /** false: no administrator is signed in (a test that counts sign-ins, or a server without one). */
  readonly admin?: boolean
  /** A real SMTP sink the server sends its mail to (its SMTP_URL), as `sink`. */
  readonly smtp?: boolean
  /** How many servers of this process share the database and DATA_DIR, each with its own memory and caches (`urls`). */
  readonly servers?: number
  /**
   * Two app processes (server/main.ts) on one database behind a round-robin balancer trusting its
   * X-Forwarded-For (tests/support/two-processes.ts): `url` is the balancer's, `two` the rest.
   */
  readonly twoProcesses?: boolean
}

/** One test file's real server, its administrator, and calls as anyone. */
export interface ApiServer {
  readonly url: string
  /** Every server's address, with `servers` above 1 (the first is `url`). */
  readonly urls: readonly string[]
  readonly dataDir: string
  /** The settings the server runs with beyond the defaults (SMTP_URL of the sink included). */
  readonly env: Env
  /** The test administrator's CRM token (role 'Администратор'). */
  readonly adminToken: string
  /** Calls the API as the test administrator. */
  readonly crm: Caller
  /** Calls the API without a token. */
  readonly anonymous: Caller
  /** Calls the API with `token` (a site user's, a staff member's, a forged one). */
  as(token: string): Caller
  /** A staff token of `role` ('admin', 'editor', 'operator'; schemas/roles.ts), one account per role and server. */
  staff(role: string): Promise<string>
  /** The server's database, opened beside it (closed with the server). */
  db(): Db
  /** Only with `smtp`: the sink the server mails to. */
  readonly sink: SmtpSink
  /** Only with `twoProcesses`: the processes and their balancer. */
  readonly two: TwoProcesses
  /**
   * Stops the server and starts it again on the same DATA_DIR and database, with `env` instead of its
   * settings if given; `whileStopped` runs in between. The administrator signs in again.
   */
  restart(env?: Env, whileStopped?: () => Promise<void>): Promise<void>
}

/** A server of one test's own (`startApiServer`): the test closes it. */
export interface OwnApiServer extends ApiServer {
  close(): Promise<void>
}

/** Starts a server as `serverWithAdmin` does, for the test that calls it to close. */
export async function startApiServer(options: ServerOptions = {}): Promise<OwnApiServer> {
  const given = typeof options.env === "function" ? options.env() : { ...options.env }
  const sink = options.smtp ? await startSmtpSink() : undefined
  const ownDir = given.DATA_DIR || options.twoProcesses ? undefined : mkdtempSync(join(tmpdir(), "uc-api-"))
  const state: { settings: Env; env: Env; servers: TestServer[]; two?: TwoProcesses; token?: string; db?: Db } = { settings: given, env: given, servers: [] }
  const staff = new Map<string, Promise<string>>()
  const url = () => state.two?.url ?? state.servers[0]!.url
  const dataDir = () => state.two?.dataDirs[0] ?? ownDir ?? given.DATA_DIR!
  const admin = () => {
    if (state.token === undefined) throw new Error("the harness signed no administrator in (admin: false)")
    return state.token
  }

  async function up(settings: Env) {
    state.settings = settings
    state.env = { ...settings, ...(sink ? { SMTP_URL: sink.url } : {}) }
    if (options.twoProcesses) state.two = await startTwoProcesses(state.env)
    else for (let i = 0; i < (options.servers ?? 1); i++) state.servers.push(await startTestServer({ ...state.env, DATA_DIR: dataDir() }))
    if (options.admin !== false) state.token = await adminToken(url())
  }
  async function down() {
    await state.db?.kysely.destroy()
    state.db = undefined
    for (const server of state.servers.splice(0)) await server.close()
    await state.two?.close()
    state.two = undefined
    state.token = undefined
    staff.clear()
  }
  async function close() {
    await down()
    await sink?.close()
    if (ownDir) rmSync(ownDir, { recursive: true, force: true })
  }
  try {
    await up(given)
  } catch (err) {
    await close()
    throw err
  }

  const as =
    (token: () => string | undefined): Caller =>
    (method, path, callOptions = {}) =>
      call(url(), method, path, { ...callOptions, token: token() })
  return {
    get url() {
      return url()
    },
    get urls() {
      return state.two ? [state.two.url] : state.servers.map((s) => s.url)
    },
    get dataDir() {
      return dataDir()
    },
    get env() {
      return state.env
    },
    get adminToken() {
      return admin()
    },
    crm: as(admin),
    anonymous: as(() => undefined),
    as: (token) => as(() => token),
    staff(role) {
      let token = staff.get(role)
      if (!token) {
        token = roleToken(url(), admin(), role)
        staff.set(role, token)
      }
      return token
    },
    db() {
      // The database the server uses: DATABASE_URL of its settings ("" is SQLite), else TEST_DATABASE_URL.
      const databaseUrl = "DATABASE_URL" in state.env ? state.env.DATABASE_URL || undefined : process.env.TEST_DATABASE_URL
      state.db ??= openDb({ dataDir: dataDir(), databaseUrl })
      return state.db
    },
    get sink() {
      if (!sink) throw new Error("the harness started no SMTP sink (smtp: true)")
      return sink
    },
    get two() {
      if (!state.two) throw new Error("the harness started no two processes (twoProcesses: true)")
      return state.two
    },
    async restart(env = state.settings, whileStopped) {
      if (options.twoProcesses) throw new Error("the harness restarts a server of this process only")
      await down()
      await whileStopped?.()
      await state.db?.kysely.destroy()
      state.db = undefined
      await up(env)
    },
    close,
  }
}

/**
 * The harness's server of the test file (or of the `describe` it is called in): started before its
 * tests, closed after them. Its properties are read inside tests and hooks.
 */
export function serverWithAdmin(options: ServerOptions = {}): ApiServer {
  let started: OwnApiServer | undefined
  // Two processes started one after the other on a loaded 2-core machine take more than the project's minute.
  beforeAll(async () => {
    started = await startApiServer(options)
  }, options.twoProcesses ? 180_000 : undefined)
  afterAll(() => started?.close())
  const server = () => {
    if (!started) throw new Error("serverWithAdmin: the server is not started (use it inside a test or hook)")
    return started
  }
  return {
    get url() {
      return server().url
    },
    get urls() {
      return server().urls
    },
    get dataDir() {
      return server().dataDir
    },
    get env() {
      return server().env
    },
    get adminToken() {
      return server().adminToken
    },
    crm: (method, path, callOptions) => server().crm(method, path, callOptions),
    anonymous: (method, path, callOptions) => server().anonymous(method, path, callOptions),
    as: (token) => (method, path, callOptions) => server().as(token)(method, path, callOptions),
    staff: (role) => server().staff(role),
    db: () => server().db(),
    get sink() {
      return server().sink
    },
    get two() {
      return server().two
    },
    restart: (env, whileStopped) => server().restart(env, whileStopped),
  }
}

/**
 * A token of a new administrator with `role` ('admin', 'editor', 'operator'; schemas/roles.ts),
 * created through the CRM by the test administrator (`adminToken`).
 */
export async function roleToken(url: string, adminToken: string, role: string): Promise<string> {
  const email = `${role}-${uniq()}@test.local`
  const password = "Role-Test-2026!q"
  const created = await call(url, "POST", "/api/v2/crm/admin_users/", { token: adminToken, json: { admin_user: { email, fullname: `Сотрудник (${role})`, password, role } } })
  expect(created.status, created.text).toBe(201)
  const signIn = await call<{ meta: { jwt: string } }>(url, "POST", "/api/v2/crm/sign_in/", { json: { admin: { email, password } } })
  expect(signIn.status, signIn.text).toBe(200)
  return signIn.body.meta.jwt
}
