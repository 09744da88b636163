/**
 * The web font takes over the text only once the root element carries this attribute (theme.css.ts):
 * the server's HTML paints at once in the fallback faces matched to Golos' metrics; the page's script
 * loader (server/page-scripts.ts) sets it before the first paint when this tab has had the font (it
 * comes from the cache), else src/app/web-font.ts does on the visitor's first move to another page.
 * docs/production.md, "Public page speed".
 */
export const WEB_FONT_ATTRIBUTE = "data-web-font"
/** The session key that says the font was loaded once in this tab. */
export const WEB_FONT_SEEN = "web-font"
/** The web font's faces, as the Font Loading API names them (the family of @fontsource-variable/golos-text). */
export const WEB_FONT_FACE = '1em "Golos Text Variable"'
/** Text whose glyphs need each subset the site's text uses (Cyrillic, and Latin for digits and signs). */
export const WEB_FONT_SAMPLE = "Жж1@"
