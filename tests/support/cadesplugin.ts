import { readFileSync } from "node:fs"
import type { BrowserContext, Page } from "playwright-core"
import { parseCertificate } from "../../server/services/pki/certificate.ts"
import { signCms } from "../../server/services/pki/cms.ts"
import { parseGostPrivateKey } from "../../server/services/pki/private-key.ts"

/**
 * The test plug-in: a `window.cadesplugin` with the parts of CryptoPro's async API the Signer's
 * adapter uses (src/features/signer/cadesplugin.ts), backed by Node. Its certificates are the
 * fixtures' real ones (tests/fixtures/pki/) and it signs with their real GOST keys through the PKI
 * core's signCms: no answer is made up, the server verifies every signature for real.
 */
const FIXTURES = new URL("../fixtures/pki/", import.meta.url)

/** A fixture's certificate (DER) and GOST key: `user-ivanov`, `director-romashka`, `untrusted-leaf`, `user-ivanov-expired`, ... */
export function fixtureKeyPair(name: string) {
  const der = new Uint8Array(readFileSync(new URL(`${name}.cer`, FIXTURES)))
  const key = parseGostPrivateKey(readFileSync(new URL(`${name}.key`, FIXTURES), "utf8"))
  return { der, key, info: parseCertificate(der) }
}

/** A detached CAdES-BES of `data` (text as UTF-8) with the fixture's key, Base64: what the plug-in answers. */
export function signWithFixture(name: string, data: string | Uint8Array): string {
  const { der, key } = fixtureKeyPair(name)
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data
  return Buffer.from(signCms(bytes, { certificate: der, privateKey: key.privateKey, bits: key.bits, curveOid: key.curveOid }, { detached: true })).toString("base64")
}

export interface TestPluginOptions {
  /** Fixture names of the certificates in the personal store ('My'). */
  readonly certificates: readonly string[]
  readonly pluginVersion?: string
  /** CryptoPro CSP's version; null: CSP is not installed (CSPVersion throws). */
  readonly cspVersion?: string | null
  /** The extension is there but the plug-in does not load (cadesplugin rejects). */
  readonly broken?: boolean
  /**
   * Model tests: the plug-in's About (detection) and Store (listing) objects are handed out only when
   * this resolves, so a path test decides when each step of the page's flow completes.
   */
  readonly gate?: (stage: "detect" | "list") => Promise<void>
}

interface StoreEntry {
  readonly name: string
  readonly thumbprint: string
  readonly subjectName: string
  readonly issuerName: string
  readonly validFrom: string
  readonly validTo: string
  readonly certificate: string
}

/** Installs the test plug-in in every page of the context (before any script of the site runs). */
export async function installTestPlugin(target: Page | BrowserContext, options: TestPluginOptions): Promise<void> {
  const entries: StoreEntry[] = options.certificates.map((name) => {
    const { der, info } = fixtureKeyPair(name)
    return {
      name,
      thumbprint: info.thumbprint.toUpperCase(),
      subjectName: info.subject.text,
      issuerName: info.issuer.text,
      validFrom: info.notBefore.toISOString(),
      validTo: info.notAfter.toISOString(),
      certificate: Buffer.from(der).toString("base64"),
    }
  })
  if (options.gate) await target.exposeFunction("__testCadesGate", options.gate)
  await target.exposeFunction("__testCadesSign", (name: string, contentBase64: string) => signWithFixture(name, new Uint8Array(Buffer.from(contentBase64, "base64"))))
  await target.addInitScript(pluginScript, { entries, pluginVersion: options.pluginVersion ?? "2.0.15000", cspVersion: options.cspVersion === undefined ? "5.0.12998" : options.cspVersion, broken: options.broken === true, gated: options.gate !== undefined })
}

/** Runs in the page: the async object model over the entries, signing through the exposed function. */
function pluginScript(data: { entries: StoreEntry[]; pluginVersion: string; cspVersion: string | null; broken: boolean; gated: boolean }) {
  const w = window as unknown as { cadesplugin: unknown; __testCadesSign: (name: string, content: string) => Promise<string>; __testCadesGate: (stage: string) => Promise<void> }
  const gates: Record<string, string> = { "CAdESCOM.About": "detect", "CAdESCOM.Store": "list" }
  const version = (v: string) => ({ toString: async () => v, MajorVersion: Promise.resolve(Number(v.split(".")[0])) })
  const certificate = (e: StoreEntry) => ({
    __entry: e,
    Thumbprint: Promise.resolve(e.thumbprint),
    SubjectName: Promise.resolve(e.subjectName),
    IssuerName: Promise.resolve(e.issuerName),
    ValidFromDate: Promise.resolve(e.validFrom),
    ValidToDate: Promise.resolve(e.validTo),
    HasPrivateKey: async () => true,
    Export: async (encoding: number) => {
      if (encoding !== 0) throw new Error("Unsupported encoding")
      return e.certificate
    },
  })
  const objects: Record<string, () => unknown> = {
    "CAdESCOM.About": () => ({
      PluginVersion: Promise.resolve(version(data.pluginVersion)),
      CSPVersion: async () => {
        if (data.cspVersion === null) throw new Error("Не удается найти указанный криптопровайдер (0x80090019)")
        return version(data.cspVersion)
      },
    }),
    "CAdESCOM.Store": () => {
      let open = false
      return {
        Open: async (location: number, name: string) => {
          if (location !== 2 || name !== "My") throw new Error("Unexpected store")
          open = true
        },
        Close: async () => {
          open = false
        },
        get Certificates() {
          if (!open) return Promise.reject(new Error("The store is not open"))
          const list = data.entries.map(certificate)
          return Promise.resolve({ Count: Promise.resolve(list.length), Item: async (i: number) => list[i - 1] })
        },
      }
    },
    "CAdESCOM.CPSigner": () => {
      const s: { cert: { __entry: StoreEntry } | null; options: number; propset_Certificate: (c: { __entry: StoreEntry }) => Promise<void>; propset_Options: (o: number) => Promise<void> } = {
        cert: null,
        options: 0,
        propset_Certificate: async (c) => {
          s.cert = c
        },
        propset_Options: async (o) => {
          s.options = o
        },
      }
      return s
    },
    "CAdESCOM.CadesSignedData": () => {
      let encoding = 0
      let content = ""
      return {
        propset_ContentEncoding: async (e: number) => {
          encoding = e
        },
        propset_Content: async (c: string) => {
          content = c
        },
        SignCades: async (signer: { cert: { __entry: StoreEntry } | null }, type: number, detached: boolean) => {
          if (!signer.cert) throw new Error("Не задан сертификат подписи")
          if (type !== 1 || detached !== true || encoding !== 1) throw new Error("Unsupported signature type")
          return w.__testCadesSign(signer.cert.__entry.name, content)
        },
      }
    },
  }
  const ready = data.broken ? Promise.reject(new Error("Плагин недоступен")) : Promise.resolve()
  ready.catch(() => {})
  w.cadesplugin = Object.assign(ready, {
    CreateObjectAsync: async (name: string) => {
      const make = objects[name]
      if (!make) throw new Error(`Unknown object ${name}`)
      const stage = gates[name]
      if (data.gated && stage) await w.__testCadesGate(stage)
      return make()
    },
    getLastError: (e: unknown) => (e instanceof Error ? e.message : String(e)),
  })
}
