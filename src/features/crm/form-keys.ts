/**
 * The CRM's name for the form engine's one Enter rule (SPEC.md section 4), kept until the CRM edit page
 * imports `swallowEnter` itself.
 * @deprecated use `swallowEnter` from src/features/forms/enter-key.ts
 */
export { swallowEnter as ignoreEnter } from "../forms/enter-key.ts"
