import type { Config } from "../config.ts"
import type { Db } from "../db/index.ts"
import { createMailer } from "../services/mail.ts"
import { createSmsGateway } from "../services/sms/index.ts"
import { storageOf } from "../services/storage/index.ts"
import type { Deps } from "./env.ts"
import { createLogger } from "./log.ts"
import { createPublicCache } from "./public-cache.ts"
import { createWorkerPool } from "./worker-pool.ts"

/** The routes' dependencies with the configured mail, SMS and file storage services, and the worker threads (started by their first task). */
export function createDeps(db: Db, config: Config): Deps {
  const log = createLogger(config)
  return {
    db,
    config,
    mailer: createMailer(config),
    sms: createSmsGateway(config, log),
    log,
    storage: storageOf(config),
    cache: createPublicCache(db, config),
    workers: createWorkerPool({ threads: config.workerThreads, queueMax: config.workerQueueMax }),
  }
}
