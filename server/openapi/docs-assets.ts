/**
 * The API viewer's files (GET /api/docs, server/routes/openapi.ts), each at `/api/docs/assets/<name>`:
 * swagger-ui-dist's, by their file name in the package, and the page's own start script. One route
 * each, so any other name is the API's 404 and no path reaches the file system.
 */
export const DOCS_ASSETS = {
  "swagger-ui.css": { type: "text/css; charset=utf-8", file: "swagger-ui.css" },
  "swagger-ui-bundle.js": { type: "text/javascript; charset=utf-8", file: "swagger-ui-bundle.js" },
  "favicon-32x32.png": { type: "image/png", file: "favicon-32x32.png" },
  "docs-init.js": { type: "text/javascript; charset=utf-8", file: null },
} as const

export const DOCS_ASSET_BASE = "/api/docs/assets"
