import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

/** The bundled accredited-CA roots (README.md here says where each comes from): the DER of every .cer beside this file. */
export function bundledRoots(): Uint8Array[] {
  const dir = fileURLToPath(new URL(".", import.meta.url))
  return readdirSync(dir)
    .filter((f) => f.endsWith(".cer"))
    .sort()
    .map((f) => new Uint8Array(readFileSync(join(dir, f))))
}
