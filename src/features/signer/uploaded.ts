import { type Signer, type SignerCertificate, SignerError } from "./signer.ts"
import { signerMessages as t } from "../../../schemas/messages/signer.ts"

/** The thumbprint an uploaded signature goes by in a certificate list (it is no certificate's). */
export const UPLOADED_THUMBPRINT = "uploaded-signature"

/**
 * The second way in: a detached signature of the challenge the customer made with any CryptoPro or
 * OpenSSL tool and uploaded. It offers one entry (the file; the certificate is inside the CMS and the
 * server takes it from there) and "signs" by answering the file's content: the server verifies it as
 * any other signature.
 */
export function uploadedSigner(file: { readonly name: string; readonly base64: string }): Signer {
  const entry: SignerCertificate = {
    thumbprint: UPLOADED_THUMBPRINT,
    subjectName: t.uploadedLabel(file.name),
    issuerName: "",
    validFrom: new Date(0),
    validTo: new Date(8.64e15),
    hasPrivateKey: true,
    certificate: "",
  }
  return {
    listCertificates: async () => [entry],
    signDetached: async (thumbprint) => {
      if (thumbprint !== UPLOADED_THUMBPRINT) throw new SignerError(t.certificateNotFound)
      return file.base64
    },
  }
}

/**
 * A signature file as Base64: a DER file is encoded, a PEM or Base64 text file (what CryptoPro's
 * tools and `openssl cms -outform PEM` write) is taken without its armour.
 */
export async function signatureFileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  const text = new TextDecoder("latin1").decode(bytes)
  if (/^[\sA-Za-z0-9+/=-]+$/.test(text) && /[A-Za-z0-9+/]{16}/.test(text)) {
    return text.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "")
  }
  let s = ""
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}
