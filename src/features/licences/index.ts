/** CryptoPro CSP licences bought with an order (docs/account-services.md): the account's order page block. */
export { LicencesBlock } from "./LicencesBlock.tsx"
