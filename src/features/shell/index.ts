/** The shell's public API for other features: the error pages, the site's startup data, the hold on back and forward. */
export { ErrorPage } from "./ErrorPage.tsx"
export { loadSiteConfig, type SiteConfig, type SiteData, telHref, useSiteData } from "./site-data.ts"
export { holdHistory } from "./history-guard.ts"
