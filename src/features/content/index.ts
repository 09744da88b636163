/**
 * The content pages: the public API for other features — the CRM's rich text shown in the
 * content typography. The pages themselves are the route table's (src/app/routes.ts), loaded on use.
 */
export { Prose } from "./Prose.tsx"
/** Children rendered only in the browser after hydration: for lazily loaded forms (the catalogue's too). */
export { ClientOnly } from "./ClientOnly.tsx"
