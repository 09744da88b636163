/** The МЧД registry's public pages (docs/epoa.md); other features link to them by these paths. */
export { EPOA_PATHS } from "./paths.ts"
