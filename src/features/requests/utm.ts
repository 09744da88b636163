/**
 * UTM tags (SPEC.md section 3, "UTM data"): utm_source, utm_medium and utm_campaign are read from the
 * landing URL, kept in the browser's storage, and sent with forms with the `utm_` prefix stripped.
 * A new landing with tags replaces the kept ones; a landing without tags keeps them.
 */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign"] as const
const STORAGE_KEY = "utm"
const MAX_LENGTH = 200

export interface Utm {
  readonly source?: string
  readonly medium?: string
  readonly campaign?: string
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage
  } catch {
    return null
  }
}

/** The tags of a landing URL's query, prefix stripped; empty when it has none. */
export function utmOf(search: string): Utm {
  const params = new URLSearchParams(search)
  const out: Record<string, string> = {}
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim()
    if (value) out[key.slice("utm_".length)] = value.slice(0, MAX_LENGTH)
  }
  return out
}

/** Called once at start with the landing URL's query. */
export function captureUtm(search: string): void {
  const utm = utmOf(search)
  if (Object.keys(utm).length > 0) storage()?.setItem(STORAGE_KEY, JSON.stringify(utm))
}

/** The kept tags (an empty object when none or unreadable). */
export function readUtm(): Utm {
  try {
    const raw = storage()?.getItem(STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    if (typeof parsed !== "object" || parsed === null) return {}
    const out: Record<string, string> = {}
    for (const key of ["source", "medium", "campaign"] as const) {
      const v = (parsed as Record<string, unknown>)[key]
      if (typeof v === "string" && v) out[key] = v
    }
    return out
  } catch {
    return {}
  }
}
