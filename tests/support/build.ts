import { existsSync } from "node:fs"
import { build } from "vite"

/** One production build for the whole browser run, unless SKIP_BUILD=1 and dist/ is already there. */
export default async function setup(): Promise<void> {
  if (process.env.SKIP_BUILD === "1" && existsSync("dist/index.html")) return
  await build({ logLevel: "warn" })
}
