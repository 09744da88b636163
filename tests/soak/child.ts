import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type SpawnedServer, spawnServer } from "../support/server-process.ts"
import { DEMO_PASSWORD } from "../support/users.ts"

/** The fault tests' administrator (the child seeds it on its first start). */
export const SOAK_ADMIN = { email: "admin@soak.local", password: "Soak-Adm1n-Pass" } as const

/** The production entry as a child process, with every line it wrote so far: the fault tests kill and signal it. */
export interface ServerProcess extends SpawnedServer {
  /** Every line the process wrote to stdout and stderr so far (JSON log lines and the start line). */
  readonly lines: string[]
}

/**
 * A DIST_DIR with the two files server/main.ts checks before it builds: these tests call the API only,
 * and must not spend a minute building the browser app of a clean clone.
 */
export function apiOnlyDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "uc-soak-dist-"))
  mkdirSync(join(dir, "server"))
  writeFileSync(join(dir, "index.html"), "<!doctype html>")
  writeFileSync(join(dir, "server", "server-entry.js"), "")
  return dir
}

/** Starts server/main.ts (tests/support/server-process.ts) on a free port with the soak's administrator. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const lines: string[] = []
  const server = await spawnServer(
    {
      PATH: process.env.PATH,
      PORT: "0",
      HOST: "127.0.0.1",
      JWT_SECRET: "soak-secret-soak-secret-soak-secret-0123456789",
      ADMIN_EMAIL: SOAK_ADMIN.email,
      ADMIN_PASSWORD: SOAK_ADMIN.password,
      // The demo people's known test password (a bare start draws and prints a random one).
      DEMO_PASSWORD,
      LOG_LEVEL: "info",
      ...env,
    },
    (line) => lines.push(line),
  )
  return { ...server, lines }
}
