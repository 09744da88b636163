import type { Config } from "../../config.ts"
import { type Ca, loadCa } from "../pki/ca.ts"

/**
 * The demo CA of this process (server/services/pki/ca.ts `loadCa`), loaded once per configuration:
 * its key and certificate are committed fixtures, read at the first use.
 */
const loaded = new WeakMap<object, Promise<Ca>>()

export function caOf(config: Config): Promise<Ca> {
  let ca = loaded.get(config)
  if (!ca) {
    ca = loadCa(config)
    loaded.set(config, ca)
    ca.catch(() => loaded.delete(config))
  }
  return ca
}

/** The CA's key id, lower-case hex: the CRL's file name /cdp/{key_id}.crl. */
export const caKeyId = (ca: Ca): string => (ca.certificate.subjectKeyId ?? ca.certificate.thumbprint).toLowerCase()

export type { Ca }
