import type { Config } from "../../config.ts"
import { HttpError } from "../../lib/http.ts"
import { type Ca, loadCa } from "../pki/ca.ts"
import { registerMessages } from "../../../schemas/messages/register.ts"

/**
 * The demo CA of this process (server/services/pki/ca.ts `loadCa`), loaded once per configuration:
 * its key and certificate are committed fixtures, read at the first use.
 */
const loaded = new WeakMap<object, Promise<Ca>>()

/** Whether this server has a CA key (production without CA_KEY_FILE has none: server/config.ts). */
export const caConfigured = (config: Config): boolean => config.caKeyFile !== null && config.caCertFile !== null

export function caOf(config: Config): Promise<Ca> {
  const { caKeyFile, caCertFile, siteUrl } = config
  if (caKeyFile === null || caCertFile === null) return Promise.reject(new HttpError(503, { message: registerMessages.caNotConfigured }))
  let ca = loaded.get(config)
  if (!ca) {
    ca = loadCa({ caKeyFile, caCertFile, siteUrl })
    loaded.set(config, ca)
    ca.catch(() => loaded.delete(config))
  }
  return ca
}

/** The CA's key id, lower-case hex: the CRL's file name /cdp/{key_id}.crl. */
export const caKeyId = (ca: Ca): string => (ca.certificate.subjectKeyId ?? ca.certificate.thumbprint).toLowerCase()

export type { Ca }
