/**
 * The machines of stately.config.json, loaded: the manifest the exporter, its test and the path-test
 * coverage read, so a machine added to the manifest is picked up by all three.
 */
import { existsSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import type { AnyStateMachine } from "xstate"

export interface ManifestEntry {
  readonly id: string
  readonly file: string
  readonly export: string
}

export type LoadedMachine = ManifestEntry & ({ readonly machine: AnyStateMachine } | { readonly problem: string })

export function readManifest(root = resolve(".")): ManifestEntry[] {
  return (JSON.parse(readFileSync(join(root, "stately.config.json"), "utf8")) as { machines: ManifestEntry[] }).machines
}

const isMachine = (v: unknown): v is AnyStateMachine =>
  typeof v === "object" && v !== null && "root" in v && "config" in v && "implementations" in v

/** Each entry with its machine, or why it could not be had (no file yet, no such export, a load error). */
export async function loadMachines(root = resolve(".")): Promise<LoadedMachine[]> {
  const out: LoadedMachine[] = []
  for (const entry of readManifest(root)) {
    const file = join(root, entry.file)
    if (!existsSync(file)) {
      out.push({ ...entry, problem: `${entry.file} does not exist yet` })
      continue
    }
    try {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>
      const machine = mod[entry.export]
      out.push(isMachine(machine) ? { ...entry, machine } : { ...entry, problem: `${entry.file} has no machine exported as ${entry.export}` })
    } catch (err) {
      out.push({ ...entry, problem: `${entry.file} could not be loaded: ${err instanceof Error ? err.message : String(err)}` })
    }
  }
  return out
}
