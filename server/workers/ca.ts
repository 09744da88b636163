import { type Ca, type CaConfig, loadCa } from "../services/pki/ca.ts"
import type { CertificateInfo, IssueInput } from "../services/pki/types.ts"

/** The CA of each configuration, loaded once per thread from the files the main thread loaded it from. */
const loaded = new Map<string, Promise<Ca>>()

function caOf(config: CaConfig): Promise<Ca> {
  const key = JSON.stringify([config.caKeyFile, config.caCertFile, config.siteUrl])
  let ca = loaded.get(key)
  if (!ca) {
    ca = loadCa(config)
    loaded.set(key, ca)
    ca.catch(() => loaded.delete(key))
  }
  return ca
}

export interface IssueTask {
  readonly ca: CaConfig
  readonly request: IssueInput
}

/** The CA certifies a request: the request's signature checked, the certificate signed (GOST, in JavaScript). */
export async function issueTask(input: IssueTask): Promise<CertificateInfo> {
  return (await caOf(input.ca)).issue(input.request)
}
