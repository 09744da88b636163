/** The customer's certificates in the account (docs/account-certificates.md): what the account's pages draw of them. */
export { AccountCertificateLinks } from "./AccountCertificateLinks.tsx"
export { ExpiryBanner } from "./ExpiryBanner.tsx"
