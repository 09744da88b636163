import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"

export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

const SOURCES = ["src", "schemas", "machines", "public", "index.html", "vite.config.ts", "package-lock.json"]

const newest = (path: string): number => {
  if (!existsSync(path)) return 0
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  return Math.max(s.mtimeMs, ...readdirSync(path).map((n) => newest(join(path, n))))
}

/** dist/ is fresh when its manifest is newer than every source the build reads. */
export function distIsFresh(dist: string): boolean {
  const manifest = join(dist, ".vite", "manifest.json")
  return existsSync(join(dist, "index.html")) && existsSync(manifest) && statSync(manifest).mtimeMs >= Math.max(...SOURCES.map(newest))
}

/** Scripts and module preloads the home page's HTML names, as paths below dist/. */
export function htmlScripts(html: string): string[] {
  const out: string[] = []
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="\/?([^"]+\.js)"/g)) out.push(m[1]!)
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/?([^"]+\.js)"/g)) out.push(m[1]!)
  return out
}

/** The entry chunk and everything it imports statically (what the browser loads before any lazy page). */
export function staticClosure(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!entry) throw new Error("no entry chunk in the manifest")
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const i of manifest[key]!.imports ?? []) visit(i)
  }
  visit(entry)
  return [...seen].map((k) => manifest[k]!.file)
}

/** Chunks the manifest attributes to CRM sources. */
export function crmChunks(manifest: Manifest): string[] {
  return Object.entries(manifest)
    .filter(([key, c]) => (c.src ?? key).startsWith("src/features/crm/") && c.file.endsWith(".js"))
    .map(([, c]) => c.file)
}

export const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length
