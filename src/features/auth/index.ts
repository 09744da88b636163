import { lazyWithReload } from "../../ui/lazy.ts"

/** The sign-in feature's public API for other features: the header's user block and the API failure text. */
export { UserBlock } from "./UserBlock.tsx"
export { apiFailureText, reportApiError } from "./report.ts"

/**
 * The sign-up form (the order wizard's review step), loaded with its first use: the header imports this
 * module on every page, and the form brings the form engine (tests/unit/first-load.test.ts).
 */
export const SignUpForm = lazyWithReload(() => import("./SignUpForm.tsx").then((m) => ({ default: m.SignUpForm })))
