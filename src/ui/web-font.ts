/**
 * The web font takes over the text only once the root element carries this attribute (theme.css.ts):
 * the server's HTML paints at once in the fallback faces matched to Golos' metrics; the page's script
 * loader (server/page-scripts.ts) sets it before the first paint when this tab has prefetched the font's
 * files (they come from the cache), else src/app/web-font.ts does on the visitor's first move to another page.
 * docs/production.md, "Public page speed".
 */
export const WEB_FONT_ATTRIBUTE = "data-web-font"
/** The session key that says this tab has the font's files in its cache (the loader prefetched them). */
export const WEB_FONT_SEEN = "web-font"
/** The web font's family (@fontsource-variable/golos-text). */
export const WEB_FONT_FAMILY = "Golos Text Variable"
/** Its faces, as the Font Loading API names them. */
export const WEB_FONT_FACE = `1em "${WEB_FONT_FAMILY}"`
/** Text whose glyphs need each subset the site's text uses (Cyrillic, and Latin for digits and signs). */
export const WEB_FONT_SAMPLE = "Жж1@"
