import type { Config } from "../config.ts"
import type { Db } from "../db/index.ts"
import { createMailer } from "../services/mail.ts"
import { createSmsGateway } from "../services/sms.ts"
import { storageOf } from "../services/storage/index.ts"
import type { Deps } from "./env.ts"
import { createLogger } from "./log.ts"
import { createPublicCache } from "./public-cache.ts"

/** The routes' dependencies with the configured mail, SMS and file storage services. */
export const createDeps = (db: Db, config: Config): Deps => ({ db, config, mailer: createMailer(config), sms: createSmsGateway(config), log: createLogger(config), storage: storageOf(config), cache: createPublicCache(db, config) })
