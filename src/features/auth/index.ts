/** The sign-in feature's public API for other features: the header's user block and the API failure text. */
export { UserBlock } from "./UserBlock.tsx"
export { SignUpForm } from "./SignUpForm.tsx"
export { apiFailureText, reportApiError } from "./report.ts"
