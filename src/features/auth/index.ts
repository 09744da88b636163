/** The sign-in feature's public API for other features: the header's user block and the API failure text (the sign-up form is in sign-up.ts). */
export { UserBlock } from "./UserBlock.tsx"
export { apiFailureText, reportApiError } from "./report.ts"
