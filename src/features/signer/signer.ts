import type { ListedCertificate } from "../../../machines/certificate-list.machine.ts"

/** A certificate a signer offers: the certificate list machine's own. */
export type SignerCertificate = ListedCertificate

/**
 * The one Signer of the site (docs/signer.md): what the binding, the sign-in by certificate, the
 * workplace check and signing for an organisation call, whatever signs underneath. Two ways in:
 * the CryptoPro browser plug-in (cadesplugin.ts) and a detached signature the customer made with
 * any tool and uploaded (uploaded.ts).
 */
export interface Signer {
  /** The certificates the signer can offer (a token's, or the one inside an uploaded signature). */
  listCertificates(): Promise<readonly SignerCertificate[]>
  /** A detached CAdES-BES over the data (text as UTF-8), Base64 DER. */
  signDetached(thumbprint: string, data: string | Uint8Array): Promise<string>
}

/** A Signer's failure with a Russian message, shown as is. */
export class SignerError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "SignerError"
  }
}

export const bytesOf = (data: string | Uint8Array): Uint8Array => (typeof data === "string" ? new TextEncoder().encode(data) : data)

export function toBase64(bytes: Uint8Array): string {
  let s = ""
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

/** The common name of a distinguished name line ('CN=Иванов Иван, O=…'), else the line itself. */
export function commonNameOf(dn: string): string {
  const m = /(?:^|,\s*)CN=("(?:[^"]|"")*"|[^,]*)/.exec(dn)
  const cn = m?.[1]?.trim()
  return cn ? cn.replace(/^"|"$/g, "").replace(/""/g, '"') : dn
}

export const sameThumbprint = (a: string, b: string) => a.replace(/\s/g, "").toLowerCase() === b.replace(/\s/g, "").toLowerCase()
