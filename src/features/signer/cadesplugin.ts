import { signerMessages as t } from "../../../schemas/messages/signer.ts"
import { bytesOf, type Signer, type SignerCertificate, SignerError, toBase64 } from "./signer.ts"

/**
 * The adapter of the CryptoPro Browser plug-in's async API (`window.cadesplugin`, a thenable in
 * every modern browser once CryptoPro's extension is there). Only the parts used here are typed;
 * every property read of a plug-in object is a promise. CryptoPro's own script is never shipped:
 * the extension brings it.
 */
type Async<T> = T | Promise<T>
interface CadesVersion {
  toString(): Async<string>
}
interface CadesAbout {
  readonly PluginVersion: Async<CadesVersion | string>
  CSPVersion(name: string, type: number): Async<CadesVersion | string>
}
interface CadesCertificate {
  readonly Thumbprint: Async<string>
  readonly SubjectName: Async<string>
  readonly IssuerName: Async<string>
  readonly ValidFromDate: Async<string | Date>
  readonly ValidToDate: Async<string | Date>
  HasPrivateKey(): Async<boolean>
  Export(encoding: number): Async<string>
}
interface CadesCertificates {
  readonly Count: Async<number>
  Item(index: number): Async<CadesCertificate>
}
interface CadesStore {
  Open(location: number, name: string, mode: number): Async<void>
  readonly Certificates: Async<CadesCertificates>
  Close(): Async<void>
}
interface CadesSigner {
  propset_Certificate(c: CadesCertificate): Async<void>
  propset_Options(o: number): Async<void>
}
interface CadesSignedData {
  propset_ContentEncoding(e: number): Async<void>
  propset_Content(c: string): Async<void>
  SignCades(signer: CadesSigner, type: number, detached: boolean): Async<string>
}
export interface CadesPlugin extends PromiseLike<unknown> {
  CreateObjectAsync(name: "CAdESCOM.Store"): Promise<CadesStore>
  CreateObjectAsync(name: "CAdESCOM.CPSigner"): Promise<CadesSigner>
  CreateObjectAsync(name: "CAdESCOM.CadesSignedData"): Promise<CadesSignedData>
  CreateObjectAsync(name: "CAdESCOM.About"): Promise<CadesAbout>
  getLastError?(e: unknown): string
}

/** The plug-in's constants (CryptoPro's documentation; the same numbers its script defines). */
export const CADES = {
  CURRENT_USER_STORE: 2,
  MY_STORE: "My",
  STORE_OPEN_MAXIMUM_ALLOWED: 2,
  ENCODE_BASE64: 0,
  BASE64_TO_BINARY: 1,
  CADES_BES: 1,
  INCLUDE_WHOLE_CHAIN: 1,
  /** PROV_GOST_2012_256: the provider type CSPVersion is asked about. */
  PROV_GOST_2012_256: 80,
} as const

/** How long to wait for the extension to put `window.cadesplugin` and for it to load. */
const DETECT_MS = 1500

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function withTimeout<T>(p: PromiseLike<T>, ms: number): Promise<T> {
  return Promise.race([Promise.resolve(p), sleep(ms).then(() => Promise.reject(new SignerError(t.pluginMissing)))])
}

const messageOf = (plugin: CadesPlugin | null, e: unknown): string => {
  if (e instanceof SignerError) return e.message
  const last = (() => {
    try {
      return plugin?.getLastError?.(e)
    } catch {
      return undefined
    }
  })()
  return t.pluginFailed(last || (e instanceof Error ? e.message : String(e)))
}

export type PluginState = { readonly status: "absent" } | { readonly status: "failed"; readonly error: string } | { readonly status: "ready"; readonly plugin: CadesPlugin }

/**
 * Finds the plug-in: absent when `window.cadesplugin` never appears, failed when it appears but does
 * not load (the extension is there, the plug-in is not installed or is off), else ready.
 */
export async function detectPlugin(win: { cadesplugin?: unknown } = window as never, waitMs = DETECT_MS): Promise<PluginState> {
  const started = Date.now()
  while (win.cadesplugin === undefined && Date.now() - started < waitMs) await sleep(100)
  const plugin = win.cadesplugin as CadesPlugin | undefined
  if (!plugin || typeof plugin.CreateObjectAsync !== "function") return { status: "absent" }
  try {
    if (typeof plugin.then === "function") await withTimeout(plugin, waitMs * 4)
    return { status: "ready", plugin }
  } catch (e) {
    return { status: "failed", error: messageOf(plugin, e) }
  }
}

const versionText = async (v: Async<CadesVersion | string>): Promise<string> => {
  const version = await v
  return typeof version === "string" ? version : String(await version.toString())
}

/** The plug-in's and CryptoPro CSP's versions (About); null for one that cannot be read (CSP not installed). */
export async function pluginVersions(plugin: CadesPlugin): Promise<{ plugin: string | null; csp: string | null }> {
  const about = await plugin.CreateObjectAsync("CAdESCOM.About")
  const read = async (f: () => Async<CadesVersion | string>) => {
    try {
      return await versionText(f())
    } catch {
      return null
    }
  }
  return { plugin: await read(() => about.PluginVersion), csp: await read(() => about.CSPVersion("", CADES.PROV_GOST_2012_256)) }
}

const dateOf = (v: string | Date) => (v instanceof Date ? v : new Date(v))

async function openStore(plugin: CadesPlugin) {
  const store = await plugin.CreateObjectAsync("CAdESCOM.Store")
  await store.Open(CADES.CURRENT_USER_STORE, CADES.MY_STORE, CADES.STORE_OPEN_MAXIMUM_ALLOWED)
  return store
}

async function findCertificate(store: CadesStore, thumbprint: string): Promise<CadesCertificate | null> {
  const all = await store.Certificates
  const count = await all.Count
  for (let i = 1; i <= count; i++) {
    const cert = await all.Item(i)
    if ((await cert.Thumbprint).toLowerCase() === thumbprint.toLowerCase()) return cert
  }
  return null
}

/** The Signer over the plug-in: the personal store's certificates, CAdES-BES detached signatures. */
export function pluginSigner(plugin: CadesPlugin): Signer {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (e) {
      throw new SignerError(messageOf(plugin, e))
    }
  }
  return {
    listCertificates: () =>
      guard(async () => {
        const store = await openStore(plugin)
        try {
          const all = await store.Certificates
          const count = await all.Count
          const list: SignerCertificate[] = []
          for (let i = 1; i <= count; i++) {
            const c = await all.Item(i)
            list.push({
              thumbprint: await c.Thumbprint,
              subjectName: await c.SubjectName,
              issuerName: await c.IssuerName,
              validFrom: dateOf(await c.ValidFromDate),
              validTo: dateOf(await c.ValidToDate),
              hasPrivateKey: await c.HasPrivateKey(),
              certificate: (await c.Export(CADES.ENCODE_BASE64)).replace(/\s+/g, ""),
            })
          }
          return list
        } finally {
          await store.Close()
        }
      }),
    signDetached: (thumbprint, data) =>
      guard(async () => {
        const store = await openStore(plugin)
        try {
          const cert = await findCertificate(store, thumbprint)
          if (!cert) throw new SignerError(t.certificateNotFound)
          const signer = await plugin.CreateObjectAsync("CAdESCOM.CPSigner")
          await signer.propset_Certificate(cert)
          await signer.propset_Options(CADES.INCLUDE_WHOLE_CHAIN)
          const signed = await plugin.CreateObjectAsync("CAdESCOM.CadesSignedData")
          await signed.propset_ContentEncoding(CADES.BASE64_TO_BINARY)
          await signed.propset_Content(toBase64(bytesOf(data)))
          return (await signed.SignCades(signer, CADES.CADES_BES, true)).replace(/\s+/g, "")
        } finally {
          await store.Close()
        }
      }),
  }
}

/** The plug-in's Signer, or a SignerError saying what is missing. */
export async function requirePluginSigner(): Promise<Signer> {
  const state = await detectPlugin()
  if (state.status === "absent") throw new SignerError(t.pluginMissing)
  if (state.status === "failed") throw new SignerError(state.error)
  return pluginSigner(state.plugin)
}
