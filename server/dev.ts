import { fileURLToPath } from "node:url"
import { createServer, type Plugin } from "vite"
import { start } from "./boot.ts"

/**
 * INSPECT=1: the app's imports of `xstate` and `@xstate/react` get the shims of src/dev/, which add the
 * Stately inspector to every actor the app creates (README, "Development"). Only this dev server has
 * the plugin; `vite build` never sees it.
 */
function inspectActors(): Plugin {
  const dir = fileURLToPath(new URL("../src/dev/", import.meta.url))
  const shims: Record<string, string> = { xstate: dir + "xstate.ts", "@xstate/react": dir + "xstate-react.ts" }
  return {
    name: "uc:inspect-actors",
    apply: "serve",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (options?.ssr || !shims[source] || !importer || importer.startsWith(dir)) return null
      return shims[source]
    },
  }
}

/** Development: the API on PORT+1 (restarted by tsx watch), Vite with hot reload on PORT in front of it. */
const port = Number(process.env.PORT || 3000)
const api = await start({ env: { ...process.env, PORT: String(port + 1) }, serveStatic: false })
// /uploads: the CRM editor's images, served by the API server (server/routes/crm-images.ts).
const vite = await createServer({
  server: { port, proxy: { "/api": api.url, "/uploads": api.url } },
  plugins: process.env.INSPECT === "1" ? [inspectActors()] : [],
})
await vite.listen()
vite.printUrls()
if (process.env.INSPECT === "1") console.log("  INSPECT=1: every actor shows in the Stately inspector (allow pop-ups for this site)")
