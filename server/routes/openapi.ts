import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import type { Hono } from "hono"
import { openapiMessages as t } from "../../schemas/messages/openapi.ts"
import type { AppEnv } from "../lib/env.ts"
import { DOCS_ASSET_BASE, DOCS_ASSETS } from "../openapi/docs-assets.ts"
import { openapiJson } from "../openapi/registry.ts"

const require = createRequire(import.meta.url)
const VERSION = (require("../../package.json") as { version: string }).version
const SWAGGER_DIR = dirname(require.resolve("swagger-ui-dist/package.json"))

/** The page's own script (an external file: the pages' Content-Security-Policy runs no inline script). */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });\n`

const PAGE = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.docsTitle}</title>
<link rel="icon" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<noscript>${t.noScript}</noscript>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/docs-init.js"></script>
</body>
</html>
`

/**
 * The API's description (docs/api.md): `GET /api/openapi.json` (OpenAPI 3.1, built once from the
 * registry in server/openapi/), `GET /api/docs` (Swagger UI from swagger-ui-dist) and its files under
 * `/api/docs/assets/` (server/openapi/docs-assets.ts). Mounted before the API's 404.
 */
export function openapiRoutes(app: Hono<AppEnv>): void {
  app.get("/api/openapi.json", (c) => c.body(openapiJson(VERSION), 200, { "content-type": "application/json; charset=utf-8" }))
  app.get("/api/docs", (c) => c.html(PAGE))
  for (const [name, asset] of Object.entries(DOCS_ASSETS)) {
    let bytes: Buffer | null = null
    app.get(`${DOCS_ASSET_BASE}/${name}`, async (c) => {
      bytes ??= asset.file === null ? Buffer.from(INIT_SCRIPT) : await readFile(join(SWAGGER_DIR, asset.file))
      // The files change only with the installed package: a day's caching instead of the API's no-store.
      return c.body(new Uint8Array(bytes), 200, { "content-type": asset.type, "cache-control": "public, max-age=86400" })
    })
  }
}
