import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import type { Hono } from "hono"
import { messages } from "../../schemas/messages.ts"
import { openapiMessages as t } from "../../schemas/openapi-messages.ts"
import type { AppEnv } from "../lib/env.ts"
import { openapiJson } from "../openapi/registry.ts"

const require = createRequire(import.meta.url)
const VERSION = (require("../../package.json") as { version: string }).version
const SWAGGER_DIR = dirname(require.resolve("swagger-ui-dist/package.json"))

/** The page's own script (an external file: the pages' Content-Security-Policy runs no inline script). */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });\n`

/** The viewer's files, by the name under /api/docs/assets/: swagger-ui-dist's, and the page's script. */
const ASSETS: Readonly<Record<string, { readonly type: string; readonly file?: string; readonly text?: string }>> = {
  "swagger-ui.css": { type: "text/css; charset=utf-8", file: "swagger-ui.css" },
  "swagger-ui-bundle.js": { type: "text/javascript; charset=utf-8", file: "swagger-ui-bundle.js" },
  "favicon-32x32.png": { type: "image/png", file: "favicon-32x32.png" },
  "docs-init.js": { type: "text/javascript; charset=utf-8", text: INIT_SCRIPT },
}

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
 * `/api/docs/assets/`. Mounted before the API's 404.
 */
export function openapiRoutes(app: Hono<AppEnv>): void {
  app.get("/api/openapi.json", (c) => c.body(openapiJson(VERSION), 200, { "content-type": "application/json; charset=utf-8" }))
  app.get("/api/docs", (c) => c.html(PAGE))
  const cache = new Map<string, Buffer>()
  app.get("/api/docs/assets/:file", async (c) => {
    const name = c.req.param("file")
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined
    if (!asset) return c.json({ message: messages.http.notFound }, 404)
    let bytes = cache.get(name)
    if (!bytes) {
      bytes = asset.text !== undefined ? Buffer.from(asset.text) : await readFile(join(SWAGGER_DIR, asset.file!))
      cache.set(name, bytes)
    }
    // The files change only with the installed package: a day's caching; the API's no-store is replaced.
    return c.body(new Uint8Array(bytes), 200, { "content-type": asset.type, "cache-control": "public, max-age=86400" })
  })
}
