/** Visitors' requests: the public API for other features (the site's form handlers, the policy's operator). */
export { useSiteHandlers } from "./site-handlers.ts"
export type { Operator } from "./policy-content.ts"
