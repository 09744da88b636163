/** `npm run build`: the browser app into DIST_DIR (default dist/) and its server renderer into DIST_DIR/server. */
import { buildApp } from "../server/build.ts"

await buildApp(process.env.DIST_DIR || "dist")
