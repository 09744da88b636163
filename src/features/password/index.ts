/** The password pages' public API for other features: the alert of a failed call. */
export { alertFailure } from "./password-api.ts"
