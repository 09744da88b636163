import type { Config } from "../config.ts"
import type { Db } from "../db/index.ts"
import { createMailer } from "../services/mail.ts"
import { createSmsGateway } from "../services/sms.ts"
import type { Deps } from "./env.ts"

/** The routes' dependencies with the configured mail and SMS services. */
export const createDeps = (db: Db, config: Config): Deps => ({ db, config, mailer: createMailer(config), sms: createSmsGateway(config) })
