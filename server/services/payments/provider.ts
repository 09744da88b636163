import type { Config } from "../../config.ts"
import type { Db } from "../../db/index.ts"
import { localGateway } from "./local-gateway.ts"
import type { PaymentProvider } from "./types.ts"
import { yookassa } from "./yookassa.ts"

/**
 * The configured provider: ЮKassa with both keys, else the embedded test gateway — but never the test
 * gateway with NODE_ENV=production (it "pays" without money, like the demo accounts it exists only
 * outside production): there, without keys, card payments are off (null) and invoices remain.
 */
export function paymentProvider(deps: { readonly db: Db; readonly config: Pick<Config, "yookassa" | "production"> }): PaymentProvider | null {
  const { shopId, secretKey, apiUrl } = deps.config.yookassa
  if (shopId && secretKey) return yookassa({ shopId, secretKey, apiUrl })
  return deps.config.production ? null : localGateway(deps.db)
}
