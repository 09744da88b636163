import type { Config } from "../../config.ts"
import type { Db } from "../../db/index.ts"
import { localGateway } from "./local-gateway.ts"
import type { PaymentProvider } from "./types.ts"
import { yookassa } from "./yookassa.ts"

/** The configured provider: ЮKassa with both keys, else the embedded test gateway. */
export function paymentProvider(deps: { readonly db: Db; readonly config: Config }): PaymentProvider {
  const { shopId, secretKey, apiUrl } = deps.config.yookassa
  if (shopId && secretKey) return yookassa({ shopId, secretKey, apiUrl })
  return localGateway(deps.db)
}
