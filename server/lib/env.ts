import type { Config } from "../config.ts"
import type { Db } from "../db/index.ts"

/** What every route needs; built once in app.ts and handed to each route module. */
export interface Deps {
  readonly db: Db
  readonly config: Config
}

export interface AdminPrincipal {
  readonly id: number
  readonly email: string
  readonly fullname: string
}

export interface AppEnv {
  Variables: { admin: AdminPrincipal }
}
