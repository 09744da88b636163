import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"

/** The production entry (server/main.ts) in a child process, as the soak's faults and the load bench run it. */
export interface SpawnedServer {
  /** `http://127.0.0.1:<port>`, from the server's start line. */
  readonly url: string
  readonly pid: number
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  signal(signal: NodeJS.Signals): void
  /** SIGTERM (the server drains and closes its pool), SIGKILL after 15 s; resolves once it exited. */
  stop(): Promise<void>
}

const MAIN = fileURLToPath(new URL("../../server/main.ts", import.meta.url))
const STARTED = /Сайт работает: http:\/\/[^:\s]+:(\d+)/

/**
 * Starts `node --import tsx server/main.ts` with exactly `env` (PORT 0 picks a free port) and resolves
 * once it prints its start line. Every line of its stdout and stderr goes to `onLine`; both are read to
 * the end, since a full pipe would block the server's log writes. Rejects, with the last lines, when
 * the server exits first or has not started in `timeoutMs` (then it is killed).
 */
export async function spawnServer(env: NodeJS.ProcessEnv, onLine: (line: string) => void = () => {}, timeoutMs = 180_000): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], { env, stdio: ["ignore", "pipe", "pipe"] })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })))
  const last: string[] = []
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill("SIGTERM")
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
    await exited
    clearTimeout(timer)
  }
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in ${timeoutMs / 1000} s:\n${last.join("\n")}`)), timeoutMs)
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => {
        onLine(line)
        last.push(line)
        if (last.length > 20) last.shift()
        const m = STARTED.exec(line)
        if (m) {
          clearTimeout(timer)
          resolve(m[1]!)
        }
      })
    }
    void exited.then(({ code, signal }) => {
      clearTimeout(timer)
      reject(new Error(`the server exited before it served (${code ?? signal}):\n${last.join("\n")}`))
    })
  }).catch(async (err: unknown) => {
    await stop()
    throw err
  })
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, exited, signal: (s) => void child.kill(s), stop }
}
