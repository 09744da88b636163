/** The application for the certificate (docs/account-services.md): the account's order page block. */
export { ClaimBlock } from "./ClaimBlock.tsx"
