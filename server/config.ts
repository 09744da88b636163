import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { availableParallelism } from "node:os"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { CHALLENGE_WORK, SMS_RESEND_SECONDS } from "../schemas/constants.ts"
import type { Requisites } from "../schemas/requisites.ts"

export interface Config {
  readonly port: number
  /** The address to listen on (HOST): loopback unless set, so a bare start is not open to the network. */
  readonly host: string
  readonly dataDir: string
  /** `postgres://...` switches to PostgreSQL; unset means SQLite in DATA_DIR. */
  readonly databaseUrl: string | undefined
  readonly jwtSecret: Uint8Array
  readonly adminEmail: string | undefined
  readonly adminPassword: string | undefined
  readonly sitePhone: string
  readonly supportEmail: string
  readonly production: boolean
  /** Where the built browser app lives. */
  readonly distDir: string
  /** `smtp://…` sends mail over SMTP; unset writes each message as an .eml file in DATA_DIR/outbox. */
  readonly smtpUrl: string | undefined
  readonly mailFrom: string
  /** The public address used in links inside e-mails. */
  readonly siteUrl: string
  /**
   * Password of the demo customers and staff (DEMO_PASSWORD; never created in production). Unset, each
   * start that creates them draws a random one and prints it once, like the first administrator's.
   */
  readonly demoPassword: string | undefined
  /** Behind one reverse proxy: the client address is the last entry of X-Forwarded-For. */
  readonly trustProxy: boolean
  /** The brute-force delay step (1 s; tests shorten it). */
  readonly throttleStepMs: number
  /** Tries one challenge takes on average (CHALLENGE_WORK; tests shorten it): what a visitor's browser pays per form. */
  readonly challengeWork: number
  /** DaData's API key: set, company and address suggestions come from DaData; unset, from the demo tables. */
  readonly dadataApiKey: string | undefined
  /** DaData's suggest API base (tests point it at a local server). */
  readonly dadataUrl: string
  /** Where visitor requests (remote offers) are mailed; unset, they are only stored. */
  readonly salesEmail: string | undefined
  /** The CA's company code of /api/v2/companies/{company}/ (COMPANY_CODE; the offices' `company`). */
  readonly companyCode: string
  /** Uploaded files: `private/` (owner-only downloads) and `images/` (public CRM images). */
  readonly uploadDir: string
  /**
   * S3-compatible object storage of kept upload files (docs/production.md, "Scale"): S3_BUCKET set, files
   * go to that bucket instead of UPLOAD_DIR (which then holds only files still arriving); S3_ENDPOINT
   * (e.g. `https://storage.yandexcloud.net`; unset, AWS), S3_REGION (default `us-east-1`),
   * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (unset, the SDK's own chain: AWS_* variables, a role).
   */
  readonly s3: { readonly bucket: string; readonly endpoint: string | undefined; readonly region: string; readonly accessKeyId: string | undefined; readonly secretAccessKey: string | undefined } | null
  /**
   * Values the seed puts into the operator's requisites record while it is blank (docs/deployment.md,
   * «Реквизиты»): OPERATOR_NAME, OPERATOR_INN, OPERATOR_KPP (or CA_KPP), OPERATOR_OGRN,
   * OPERATOR_ADDRESS, OPERATOR_POSTAL_ADDRESS, OPERATOR_PHONE, OPERATOR_EMAIL, OPERATOR_HEAD_NAME,
   * OPERATOR_HEAD_POSITION, OPERATOR_ACCOUNTANT_NAME, CA_BANK_NAME, CA_BANK_BIC,
   * CA_BANK_CORR_ACCOUNT, CA_BANK_ACCOUNT. Only the ones set; the record staff edit is what documents read.
   */
  readonly requisitesSeed: Partial<Requisites>
  /** ЮKassa (docs/payments.md): both keys set, card payments go through its API v3; unset, through the embedded test gateway. */
  readonly yookassa: {
    readonly shopId: string | undefined
    readonly secretKey: string | undefined
    readonly apiUrl: string
    readonly vatCode: number
    /** YOOKASSA_NOTIFY_IPS: addresses and CIDR ranges the notification endpoint accepts; empty: any. */
    readonly notifyIps: string
  }
  /**
   * The CryptoPro DSS server the myDSS deep link names (DSS_URL; docs/account-certificates.md): required
   * with NODE_ENV=production (the start stops without it); unset elsewhere, null, and the account offers
   * no myDSS (the page says so, the link's calls answer 404).
   */
  readonly dssUrl: string | null
  /**
   * The SMS gateway (docs/deployment.md, "SMS"): SMS_PROVIDER `smsru` sends through SMS.RU's HTTPS API
   * with SMSRU_API_ID (required then) under the sender name SMS_SENDER (registered with the mobile
   * operators; required then in production); unset or `outbox`, each SMS is a line of
   * DATA_DIR/outbox/sms.log. SMSRU_API_URL replaces SMS.RU's base (tests: the local double).
   * SMS_RESEND_SECONDS: one SMS of a kind to a number per this many seconds (SMS_RESEND_SECONDS of
   * schemas/constants.ts unless given; tests shorten it to 0, which turns the delay off).
   */
  readonly sms: {
    readonly provider: "outbox" | "smsru"
    readonly apiId: string | undefined
    readonly sender: string | undefined
    readonly apiUrl: string
    readonly resendSeconds: number
  }
  /**
   * The CA's key (PKCS#8 PEM, GOST R 34.10-2012) and certificate (DER or PEM): CA_KEY_FILE,
   * CA_CERT_FILE; the default is the demo CA (docs/pki.md), whose key is public: with
   * NODE_ENV=production there is no default (null: issuing, revocation and the CRL answer 503, and
   * the demo CA is not trusted).
   */
  readonly caKeyFile: string | null
  readonly caCertFile: string | null
  /**
   * The public-read cache of the hot public GETs (server/lib/public-cache.ts; docs/production.md,
   * "Caching and compression"): on unless PUBLIC_CACHE=0 (the bench's baseline and profiles).
   */
  readonly publicCache: boolean
  /**
   * pino's level (LOG_LEVEL: fatal, error, warn, info, debug, trace, silent). The server process
   * (server/main.ts) defaults to `info`; a server started in-process (tests, benches) is `silent`
   * unless LOG_LEVEL is given (docs/production.md, "Logs, health and faults").
   */
  readonly logLevel: string
  /** On SIGTERM, how long requests in flight may take before their connections are cut (SHUTDOWN_TIMEOUT_MS, 10 s). */
  readonly shutdownTimeoutMs: number
  /**
   * The worker threads of the CPU-heavy work (server/lib/worker-pool.ts): WORKER_THREADS at most
   * (default one core fewer than the machine has, 1 or 2: the main thread keeps a core to answer on),
   * and WORKER_QUEUE_MAX visitors' checks waiting for one (default 4 per thread; one more is 503).
   */
  readonly workerThreads: number
  readonly workerQueueMax: number
  /**
   * The staff's second factor (STAFF_TOTP, docs/auth.md "Staff second factor"): `required` — the roles
   * of TOTP_REQUIRED_ROLES (schemas/roles.ts) get no session from the password alone and enrol at their
   * next sign-in; `optional` — every staff member may enrol from the CRM. Default `required` with
   * NODE_ENV=production, else `optional`. Staff who enrolled always give a code, in either mode.
   */
  readonly staffTotp: "required" | "optional"
  /**
   * Fetching another CA's CRL or OCSP answer (docs/pki.md, "Revocation of other CAs' certificates"):
   * REVOCATION_PROXY, an `http://host:port` proxy every such fetch goes through (unset: direct);
   * ALLOW_PRIVATE_REVOCATION_HOSTS=1 lets them reach loopback and private addresses: the tests' local
   * servers only, refused with NODE_ENV=production. REVOCATION_FETCH=0 fetches nothing (a server
   * without outbound access; the tests' servers unless a test turns it on).
   */
  readonly revocation: { readonly disabled: boolean; readonly proxy: string | null; readonly allowPrivateHosts: boolean }
}

/** Reads the environment once; creates DATA_DIR and keeps a generated JWT secret there when none is given. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || "./data")
  mkdirSync(dataDir, { recursive: true })
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || "127.0.0.1",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET || keptSecret(dataDir)),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sitePhone: env.SITE_PHONE || "8 800 555-35-35",
    supportEmail: env.SUPPORT_EMAIL || "support@demo.local",
    production: env.NODE_ENV === "production",
    distDir: resolve(env.DIST_DIR || "./dist"),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "Удостоверяющий центр <noreply@demo.local>",
    siteUrl: (env.SITE_URL || `http://localhost:${Number(env.PORT || 3000)}`).replace(/\/+$/, ""),
    demoPassword: env.DEMO_PASSWORD || undefined,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    throttleStepMs: env.THROTTLE_STEP_MS !== undefined && env.THROTTLE_STEP_MS !== "" ? Number(env.THROTTLE_STEP_MS) : 1000,
    challengeWork: Math.max(1, Math.round(Number(env.CHALLENGE_WORK || CHALLENGE_WORK))) || CHALLENGE_WORK,
    dadataApiKey: env.DADATA_API_KEY || undefined,
    dadataUrl: (env.DADATA_URL || "https://suggestions.dadata.ru/suggestions/api/4_1/rs").replace(/\/+$/, ""),
    salesEmail: env.SALES_EMAIL || undefined,
    companyCode: env.COMPANY_CODE || "uc",
    uploadDir: resolve(env.UPLOAD_DIR || join(dataDir, "uploads")),
    s3: env.S3_BUCKET
      ? { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT || undefined, region: env.S3_REGION || "us-east-1", accessKeyId: env.S3_ACCESS_KEY_ID || undefined, secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined }
      : null,
    requisitesSeed: requisitesSeedOf(env),
    yookassa: {
      shopId: env.YOOKASSA_SHOP_ID || undefined,
      secretKey: env.YOOKASSA_SECRET_KEY || undefined,
      apiUrl: (env.YOOKASSA_API_URL || "https://api.yookassa.ru/v3").replace(/\/+$/, ""),
      // 54-FZ receipt's VAT code: 1 is 'без НДС' (a CA on the simplified tax system).
      vatCode: Number(env.YOOKASSA_VAT_CODE || 1),
      notifyIps: env.YOOKASSA_NOTIFY_IPS ?? "",
    },
    dssUrl: dssUrlOf(env),
    sms: smsSettings(env),
    ...caFiles(env),
    publicCache: env.PUBLIC_CACHE !== "0",
    logLevel: env.LOG_LEVEL || "silent",
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS || 10_000),
    ...workerSettings(env),
    staffTotp: staffTotpMode(env),
    revocation: revocationSettings(env),
  }
}

/** REVOCATION_FETCH, REVOCATION_PROXY (an http:// address) and ALLOW_PRIVATE_REVOCATION_HOSTS (never in production). */
function revocationSettings(env: NodeJS.ProcessEnv): Config["revocation"] {
  const proxy = (env.REVOCATION_PROXY ?? "").trim()
  if (proxy !== "" && !/^http:\/\/[^\s/]+\/?$/.test(proxy)) throw new Error(`REVOCATION_PROXY must be an http://host:port address, not "${proxy}"`)
  const allowPrivateHosts = env.ALLOW_PRIVATE_REVOCATION_HOSTS === "1"
  if (allowPrivateHosts && env.NODE_ENV === "production") throw new Error("ALLOW_PRIVATE_REVOCATION_HOSTS is for tests: it would let a certificate's CRL address reach the internal network")
  return { disabled: env.REVOCATION_FETCH === "0", proxy: proxy || null, allowPrivateHosts }
}

/** The environment's variable of each requisite the seed may take from it. */
const REQUISITE_ENV: Readonly<Record<keyof Requisites, readonly string[]>> = {
  name: ["OPERATOR_NAME"],
  inn: ["OPERATOR_INN"],
  kpp: ["OPERATOR_KPP", "CA_KPP"],
  ogrn: ["OPERATOR_OGRN"],
  legal_address: ["OPERATOR_ADDRESS"],
  postal_address: ["OPERATOR_POSTAL_ADDRESS"],
  phone: ["OPERATOR_PHONE"],
  email: ["OPERATOR_EMAIL"],
  bank_name: ["CA_BANK_NAME"],
  bik: ["CA_BANK_BIC"],
  correspondent_account: ["CA_BANK_CORR_ACCOUNT"],
  account: ["CA_BANK_ACCOUNT"],
  head_position: ["OPERATOR_HEAD_POSITION"],
  head_name: ["OPERATOR_HEAD_NAME"],
  accountant_name: ["OPERATOR_ACCOUNTANT_NAME"],
}

function requisitesSeedOf(env: NodeJS.ProcessEnv): Partial<Requisites> {
  const out: Partial<Record<keyof Requisites, string>> = {}
  for (const [key, names] of Object.entries(REQUISITE_ENV) as Array<[keyof Requisites, readonly string[]]>) {
    const value = names.map((n) => env[n]?.trim()).find((v) => v)
    if (value) out[key] = value
  }
  return out
}

/** STAFF_TOTP: `required` or `optional`; unset, required in production. Anything else stops the start. */
function staffTotpMode(env: NodeJS.ProcessEnv): Config["staffTotp"] {
  const value = (env.STAFF_TOTP ?? "").trim().toLowerCase()
  if (value === "") return env.NODE_ENV === "production" ? "required" : "optional"
  if (value === "required" || value === "optional") return value
  throw new Error(`STAFF_TOTP must be "required" or "optional", not "${env.STAFF_TOTP}"`)
}

/** DSS_URL: an http(s) address; required in production, where a deep link to nowhere would be offered. */
function dssUrlOf(env: NodeJS.ProcessEnv): string | null {
  const value = (env.DSS_URL ?? "").trim()
  if (value === "") {
    if (env.NODE_ENV === "production") throw new Error("DSS_URL is required with NODE_ENV=production: the CryptoPro DSS server that the myDSS link names")
    return null
  }
  if (!/^https?:\/\/[^\s/]+/.test(value)) throw new Error(`DSS_URL must be an http(s) address, not "${value}"`)
  return value.replace(/\/+$/, "")
}

/** SMS_PROVIDER and its settings; a provider without its credentials (or sender, in production) stops the start. */
function smsSettings(env: NodeJS.ProcessEnv): Config["sms"] {
  const provider = (env.SMS_PROVIDER ?? "").trim().toLowerCase() || "outbox"
  if (provider !== "outbox" && provider !== "smsru") throw new Error(`SMS_PROVIDER must be "smsru" or "outbox", not "${env.SMS_PROVIDER}"`)
  const apiId = env.SMSRU_API_ID?.trim() || undefined
  const sender = env.SMS_SENDER?.trim() || undefined
  if (provider === "smsru" && !apiId) throw new Error("SMS_PROVIDER=smsru needs SMSRU_API_ID (the API key of the SMS.RU account)")
  if (provider === "smsru" && !sender && env.NODE_ENV === "production") throw new Error("SMS_PROVIDER=smsru needs SMS_SENDER with NODE_ENV=production: the sender name registered with the mobile operators")
  // An alphanumeric sender name: up to 11 Latin letters, digits, spaces, dots, dashes (the operators' rule).
  if (sender !== undefined && !/^[A-Za-z0-9][A-Za-z0-9 .-]{0,10}$/.test(sender)) throw new Error(`SMS_SENDER must be up to 11 Latin letters, digits, spaces, dots or dashes, not "${sender}"`)
  const resend = env.SMS_RESEND_SECONDS
  const resendSeconds = resend !== undefined && resend !== "" && Number.isInteger(Number(resend)) && Number(resend) >= 0 ? Number(resend) : SMS_RESEND_SECONDS
  return { provider, apiId, sender, apiUrl: (env.SMSRU_API_URL || "https://sms.ru").replace(/\/+$/, ""), resendSeconds }
}

function keptSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret")
  if (existsSync(file)) return readFileSync(file, "utf8").trim()
  const secret = randomBytes(48).toString("base64url")
  writeFileSync(file, secret + "\n", { mode: 0o600 })
  return secret
}

/** WORKER_THREADS and WORKER_QUEUE_MAX: whole numbers, else the defaults. */
function workerSettings(env: NodeJS.ProcessEnv): Pick<Config, "workerThreads" | "workerQueueMax"> {
  const whole = (value: string | undefined, min: number): number | null => {
    const n = Number(value)
    return value !== undefined && value !== "" && Number.isInteger(n) && n >= min ? n : null
  }
  const workerThreads = whole(env.WORKER_THREADS, 1) ?? Math.max(1, Math.min(2, availableParallelism() - 1))
  return { workerThreads, workerQueueMax: whole(env.WORKER_QUEUE_MAX, 0) ?? workerThreads * 4 }
}

/** The CA's files: the configured ones, else the demo CA's outside production, else none. */
function caFiles(env: NodeJS.ProcessEnv): Pick<Config, "caKeyFile" | "caCertFile"> {
  const demo = (name: string) => (env.NODE_ENV === "production" ? null : fileURLToPath(new URL(`./db/seed/pki/${name}`, import.meta.url)))
  const file = (value: string | undefined, name: string) => (value ? resolve(value) : demo(name))
  return { caKeyFile: file(env.CA_KEY_FILE, "ca.key"), caCertFile: file(env.CA_CERT_FILE, "ca.cer") }
}
