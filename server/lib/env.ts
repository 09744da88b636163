import type { Config } from "../config.ts"
import type { Db } from "../db/index.ts"
import type { Mailer } from "../services/mail.ts"
import type { SmsGateway } from "../services/sms/index.ts"
import type { Storage } from "../services/storage/index.ts"
import type { VerifiedToken } from "./tokens.ts"
import type { PublicCache } from "./public-cache.ts"
import type { Log } from "./log.ts"
import type { WorkerPool } from "./worker-pool.ts"

/** What every route needs; built once in app.ts and handed to each route module. */
export interface Deps {
  readonly db: Db
  readonly config: Config
  readonly mailer: Mailer
  readonly sms: SmsGateway
  /** The structured JSON log (pino; server/lib/log.ts): never bodies or personal data. */
  readonly log: Log
  /** Kept upload files: UPLOAD_DIR or the S3 bucket (server/services/storage). */
  readonly storage: Storage
  /** The public-read cache, invalidated across processes by CRM writes (server/lib/public-cache.ts). */
  readonly cache: PublicCache
  /** The worker threads of the CPU-heavy work: signatures, digests, PDFs, archives (server/lib/worker-pool.ts). */
  readonly workers: WorkerPool
}

export interface AdminPrincipal {
  readonly id: number
  readonly email: string
  readonly fullname: string
  /** 'admin', 'editor', 'operator' or 'accountant' (schemas/roles.ts); absent reads as none. */
  readonly role?: string
}

export interface UserPrincipal {
  readonly id: number
  readonly email: string
  readonly fullname: string
  readonly mobile_phone: string
  readonly confirmed_at: string | null
  readonly password_digest: string
}

export interface AppEnv {
  /** requestId: this request's id, echoed in X-Request-Id and in its log lines (server/lib/request-id.ts). */
  Variables: { admin: AdminPrincipal; user: UserPrincipal; token: VerifiedToken; requestId: string }
}
