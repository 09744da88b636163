import { createServer } from "vite"
import { start } from "./boot.ts"

/** Development: the API on PORT+1 (restarted by tsx watch), Vite with hot reload on PORT in front of it. */
const port = Number(process.env.PORT || 3000)
const api = await start({ env: { ...process.env, PORT: String(port + 1) }, serveStatic: false })
// /uploads: the CRM editor's images, served by the API server (server/routes/crm-images.ts).
const vite = await createServer({ server: { port, proxy: { "/api": api.url, "/uploads": api.url } } })
await vite.listen()
vite.printUrls()
