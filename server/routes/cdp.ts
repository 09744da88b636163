import type { Hono } from "hono"
import { CRL_CACHE_SECONDS } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { caKeyId, caOf } from "../services/register/ca.ts"
import { crlOf } from "../services/register/crl.ts"

/**
 * The CA's CRL distribution point (docs/register.md): `GET /cdp/{key_id}.crl`, the address
 * its certificates' CRL distribution point names. The stored CRL (DER, application/pkix-crl), rebuilt
 * by every revocation, suspension and resume; built here when missing. Cached CRL_CACHE_SECONDS.
 * Another key id is a 404.
 */
export function cdpRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.get("/cdp/:file", async (c) => {
    const file = c.req.param("file")
    const match = /^([0-9a-fA-F]{8,128})\.crl$/.exec(file)
    if (!match) return c.json({ message: messages.http.notFound }, 404)
    const keyId = match[1]!.toLowerCase()
    const ca = await caOf(deps.config)
    if (keyId !== caKeyId(ca)) return c.json({ message: messages.http.notFound }, 404)
    const crl = await crlOf(deps.db, ca)
    if (!crl) return c.json({ message: messages.http.notFound }, 404)
    return new Response(Buffer.from(crl.der), {
      headers: {
        "content-type": "application/pkix-crl",
        "content-disposition": `inline; filename="${keyId}.crl"`,
        "cache-control": `public, max-age=${CRL_CACHE_SECONDS}`,
        "last-modified": new Date(crl.thisUpdate).toUTCString(),
      },
    })
  })
}
