import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"

/** The fault tests' administrator (the child seeds it on its first start). */
export const SOAK_ADMIN = { email: "admin@soak.local", password: "Soak-Adm1n-Pass" } as const

/** The production entry (server/main.ts) as a child process: the fault tests kill and signal it. */
export interface ServerProcess {
  readonly url: string
  readonly pid: number
  /** Every line the process wrote to stdout and stderr so far (JSON log lines and the start line). */
  readonly lines: string[]
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  signal(signal: NodeJS.Signals): void
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

const STARTED = /Сайт работает: http:\/\/localhost:(\d+)/

/** Starts `node --import tsx server/main.ts` on a free port and resolves once it serves. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: "0",
      HOST: "127.0.0.1",
      JWT_SECRET: "soak-secret-soak-secret-soak-secret-0123456789",
      ADMIN_EMAIL: SOAK_ADMIN.email,
      ADMIN_PASSWORD: SOAK_ADMIN.password,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const lines: string[] = []
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  )
  // Both streams are read to the end: a full pipe would block the server's log writes.
  const url = new Promise<string>((resolve, reject) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => {
        lines.push(line)
        const m = STARTED.exec(line)
        if (m) resolve(`http://127.0.0.1:${m[1]}`)
      })
    }
    void exited.then(({ code, signal }) => reject(new Error(`the server exited before it served (${code ?? signal}):\n${lines.slice(-20).join("\n")}`)))
  })
  return { url: await url, pid: child.pid!, lines, exited, signal: (s) => void child.kill(s) }
}

/** The administrator's token from the real sign-in. */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v2/crm/sign_in/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ admin: SOAK_ADMIN }),
  })
  if (!res.ok) throw new Error(`sign in failed: ${res.status}`)
  return ((await res.json()) as { meta: { jwt: string } }).meta.jwt
}
