/**
 * The load test's tally (bench/load.ts): every answer's latency by the kind of traffic it belongs to,
 * errors (5xx, unexpected 4xx, network errors, timeouts) and 429s apart, and the table printed per
 * database.
 */

/** The kinds of traffic of the mix, in the table's order. */
export const KINDS = ["pages", "menu", "search", "register", "drafts", "sign-in"] as const
export type Kind = (typeof KINDS)[number]

export interface Tally {
  readonly latencies: number[]
  errors: number
  limited: number
}

export interface Figures {
  readonly requests: number
  readonly rps: number
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly errors: number
  readonly limited: number
}

export class LoadStats {
  readonly byKind = new Map<Kind, Tally>(KINDS.map((k) => [k, { latencies: [], errors: 0, limited: 0 }]))
  /** The first few errors, for the report (method, path, status or message). */
  readonly samples: string[] = []

  ok(kind: Kind, ms: number): void {
    this.byKind.get(kind)!.latencies.push(ms)
  }

  /** A 429: the server's rate limit answered, counted apart from errors (with its latency). */
  limited(kind: Kind, ms: number): void {
    const t = this.byKind.get(kind)!
    t.latencies.push(ms)
    t.limited++
  }

  error(kind: Kind, ms: number, what: string): void {
    const t = this.byKind.get(kind)!
    t.latencies.push(ms)
    t.errors++
    if (this.samples.length < 10) this.samples.push(what)
  }

  figures(kind: Kind | "total", seconds: number): Figures {
    const tallies = kind === "total" ? [...this.byKind.values()] : [this.byKind.get(kind)!]
    const all = tallies.flatMap((t) => t.latencies).sort((a, b) => a - b)
    const at = (q: number) => (all.length === 0 ? 0 : all[Math.min(all.length - 1, Math.ceil(q * all.length) - 1)]!)
    return {
      requests: all.length,
      rps: all.length / seconds,
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      errors: tallies.reduce((n, t) => n + t.errors, 0),
      limited: tallies.reduce((n, t) => n + t.limited, 0),
    }
  }
}

const ms = (n: number) => `${n.toFixed(0)} ms`

/** The table of one run: a row per kind of traffic and the total. */
export function printTable(title: string, stats: LoadStats, seconds: number): Figures {
  console.log(`\n${title}`)
  console.log(`${"traffic".padEnd(10)} ${"requests".padStart(9)} ${"req/s".padStart(8)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"p99".padStart(8)} ${"errors".padStart(7)} ${"429".padStart(6)}`)
  const row = (name: string, f: Figures) =>
    console.log(
      `${name.padEnd(10)} ${String(f.requests).padStart(9)} ${f.rps.toFixed(1).padStart(8)} ${ms(f.p50).padStart(8)} ${ms(f.p95).padStart(8)} ${ms(f.p99).padStart(8)} ${String(f.errors).padStart(7)} ${String(f.limited).padStart(6)}`,
    )
  for (const kind of KINDS) row(kind, stats.figures(kind, seconds))
  const total = stats.figures("total", seconds)
  row("total", total)
  for (const s of stats.samples) console.log(`  error: ${s}`)
  return total
}
