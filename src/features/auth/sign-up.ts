/**
 * The sign-up form for other features (the order wizard's review step). Kept apart from index.ts: the
 * header imports that one on every page, and this form brings the form engine with it.
 */
export { SignUpForm } from "./SignUpForm.tsx"
