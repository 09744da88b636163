/** The shell's public API for other features: the error pages and the site's startup data. */
export { ErrorPage } from "./ErrorPage.tsx"
export { loadSiteConfig, type SiteConfig, type SiteData, telHref, useSiteData } from "./site-data.ts"
