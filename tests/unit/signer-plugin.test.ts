import { describe, expect, test } from "vitest"
import { detectPlugin, pluginSigner, pluginVersions } from "../../src/features/signer/cadesplugin.ts"
import { signatureFileBase64, uploadedSigner, UPLOADED_THUMBPRINT } from "../../src/features/signer/uploaded.ts"
import { commonNameOf, SignerError } from "../../src/features/signer/signer.ts"
import { signerMessages as t } from "../../schemas/messages/signer.ts"

/** A minimal async object model with the plug-in's shapes: every property a promise, items 1-based. */
function fakePlugin(opts: { certs: { thumb: string; key: boolean }[]; csp?: boolean }) {
  const signed: { content: string; detached: boolean; type: number; thumb: string }[] = []
  const certOf = (c: { thumb: string; key: boolean }) => ({
    Thumbprint: Promise.resolve(c.thumb),
    SubjectName: Promise.resolve(`CN=${c.thumb}`),
    IssuerName: Promise.resolve("CN=CA"),
    ValidFromDate: Promise.resolve("2026-01-01T00:00:00Z"),
    ValidToDate: Promise.resolve("2027-01-01T00:00:00Z"),
    HasPrivateKey: async () => c.key,
    Export: async () => "MII\nB",
  })
  const plugin = Object.assign(Promise.resolve(), {
    CreateObjectAsync: async (name: string) => {
      if (name === "CAdESCOM.About") return { PluginVersion: Promise.resolve({ toString: async () => "2.0.1" }), CSPVersion: async (): Promise<{ toString(): Promise<string> }> => (opts.csp === false ? Promise.reject(new Error("no csp")) : { toString: async () => "5.0" }) }
      if (name === "CAdESCOM.Store") {
        const list = opts.certs.map(certOf)
        return { Open: async () => {}, Close: async () => {}, Certificates: Promise.resolve({ Count: Promise.resolve(list.length), Item: async (i: number) => list[i - 1] }) }
      }
      if (name === "CAdESCOM.CPSigner") {
        const s = { cert: null as unknown, propset_Certificate: async (c: unknown) => void (s.cert = c), propset_Options: async () => {} }
        return s
      }
      let content = ""
      return {
        propset_ContentEncoding: async () => {},
        propset_Content: async (c: string) => void (content = c),
        SignCades: async (s: { cert: { Thumbprint: Promise<string> } }, type: number, detached: boolean) => {
          signed.push({ content, detached, type, thumb: await s.cert.Thumbprint })
          return "MIAG\r\nCSq"
        },
      }
    },
  })
  return { plugin, signed }
}

describe("the CryptoPro plug-in adapter", () => {
  test("absent when window.cadesplugin never appears; failed when it rejects; ready otherwise", async () => {
    expect(await detectPlugin({}, 50)).toEqual({ status: "absent" })
    const broken = Object.assign(Promise.reject(new Error("нет плагина")), { CreateObjectAsync: async () => ({}) })
    broken.catch(() => {})
    expect(await detectPlugin({ cadesplugin: broken }, 50)).toMatchObject({ status: "failed" })
    const { plugin } = fakePlugin({ certs: [] })
    expect((await detectPlugin({ cadesplugin: plugin }, 50)).status).toBe("ready")
  })

  test("lists the personal store with dates and keys; signs CAdES-BES detached over the text's UTF-8 as Base64", async () => {
    const { plugin, signed } = fakePlugin({ certs: [{ thumb: "AA11", key: true }, { thumb: "BB22", key: false }] })
    const signer = pluginSigner(plugin as never)
    const list = await signer.listCertificates()
    expect(list.map((c) => [c.thumbprint, c.hasPrivateKey, c.certificate, c.validTo.toISOString()])).toEqual([
      ["AA11", true, "MIIB", "2027-01-01T00:00:00.000Z"],
      ["BB22", false, "MIIB", "2027-01-01T00:00:00.000Z"],
    ])
    expect(await signer.signDetached("aa11", "привет")).toBe("MIAGCSq")
    expect(signed).toEqual([{ content: Buffer.from("привет").toString("base64"), detached: true, type: 1, thumb: "AA11" }])
    await expect(signer.signDetached("CC33", "x")).rejects.toThrow(t.certificateNotFound)
    await expect(signer.signDetached("CC33", "x")).rejects.toBeInstanceOf(SignerError)
  })

  test("versions: the plug-in's and CSP's; null for CSP when it is not installed", async () => {
    expect(await pluginVersions(fakePlugin({ certs: [] }).plugin as never)).toEqual({ plugin: "2.0.1", csp: "5.0" })
    expect(await pluginVersions(fakePlugin({ certs: [], csp: false }).plugin as never)).toEqual({ plugin: "2.0.1", csp: null })
  })
})

describe("the uploaded signature", () => {
  test("offers one entry and answers the file's signature for it only", async () => {
    const signer = uploadedSigner({ name: "a.sig", base64: "MIIC" })
    expect((await signer.listCertificates()).map((c) => [c.thumbprint, c.subjectName])).toEqual([[UPLOADED_THUMBPRINT, t.uploadedLabel("a.sig")]])
    expect(await signer.signDetached(UPLOADED_THUMBPRINT, "anything")).toBe("MIIC")
    await expect(signer.signDetached("AA", "x")).rejects.toBeInstanceOf(SignerError)
  })

  test("a DER file is encoded, a PEM or Base64 file is taken without its armour", async () => {
    const der = new Uint8Array([0x30, 0x82, 0x01, 0x00, 0xff, 0x00])
    expect(await signatureFileBase64(new Blob([der]))).toBe(Buffer.from(der).toString("base64"))
    const pem = "-----BEGIN CMS-----\nMIAGCSqGSIb3DQEHAqCAMIACAQExDjAMBggqhQMHAQECAgUA\n-----END CMS-----\n"
    expect(await signatureFileBase64(new Blob([pem]))).toBe("MIAGCSqGSIb3DQEHAqCAMIACAQExDjAMBggqhQMHAQECAgUA")
  })

  test("the common name of a subject line", () => {
    expect(commonNameOf('CN="ООО ""Ромашка""", O=x')).toBe('ООО "Ромашка"')
    expect(commonNameOf("O=x, CN=Иванов Иван, C=RU")).toBe("Иванов Иван")
    expect(commonNameOf("O=x")).toBe("O=x")
  })
})
