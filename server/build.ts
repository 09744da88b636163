import { spawn } from "node:child_process"
import { resolve } from "node:path"

/**
 * Builds the browser app into `outDir`, and its server renderer into `outDir/server`, as a production build, whatever NODE_ENV the caller runs
 * under (vitest sets `test`, which would give React's development build): `vite build` runs as a
 * child process with NODE_ENV=production. `npm start`, the browser tests and the bench share it.
 */
export async function buildApp(outDir: string): Promise<void> {
  await run(["vite", "build", "--logLevel", "warn", "--outDir", resolve(outDir), "--emptyOutDir"])
  // The server's renderer of the site's pages, from the same sources (server/render.ts loads it).
  await run(["vite", "build", "--logLevel", "warn", "--ssr", "src/app/server-entry.tsx", "--outDir", resolve(outDir, "server"), "--emptyOutDir"])
}

function run(args: string[]): Promise<void> {
  const bin = resolve("node_modules/.bin", process.platform === "win32" ? `${args[0]}.cmd` : args[0]!)
  return new Promise((done, fail) => {
    const child = spawn(bin, args.slice(1), { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } })
    child.once("error", fail)
    child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`${args.join(" ")} exited with ${code}`))))
  })
}
