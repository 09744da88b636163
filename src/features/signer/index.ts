/**
 * The Signer feature's public API (docs/signer.md): the Signer and its two ways in, the bound
 * certificates' list for the account, the sign-in by certificate for the sign-in forms.
 */
export { type Signer, type SignerCertificate, SignerError } from "./signer.ts"
export { detectPlugin, pluginSigner, requirePluginSigner } from "./cadesplugin.ts"
export { uploadedSigner } from "./uploaded.ts"
export { AccountBoundCertificates, BoundCertificates } from "./BoundCertificates.tsx"
export { CertSignInForm } from "./CertSignInForm.tsx"
// Signing a text of another feature (an order's application: account/QesSignBlock.tsx).
export { usePluginCertificates } from "./use-certificates.ts"
export { CertificateListStatus } from "./CertificateListStatus.tsx"
export { SignatureUpload, type UploadedSignature } from "./SignatureUpload.tsx"
export { UPLOADED_THUMBPRINT } from "./uploaded.ts"
export { asCertificateFailure } from "./failures.ts"
