import { type Kysely, sql } from "kysely"
import { SUGGEST_UPSTREAM_TIMEOUT_MS } from "../../schemas/constants.ts"
import type { Config } from "../config.ts"
import type { Db } from "../db/index.ts"
import type { Database, SuggestAddressesTable, SuggestCompaniesTable } from "../db/schema.ts"

/**
 * Company and address suggestions in DaData's shape (suggestions.dadata.ru, API 4_1): with
 * DADATA_API_KEY the request goes to DaData and its answer is passed through; without it the embedded
 * default answers from the demo tables `suggest_companies` and `suggest_addresses`, and production
 * (which seeds no demo tables) answers an empty list.
 */
export type SuggestKind = "party" | "address"

export interface Suggestion {
  readonly value: string
  readonly unrestricted_value: string
  readonly data: Record<string, unknown>
}

export interface SuggestAnswer {
  readonly suggestions: readonly Suggestion[]
}

export interface SuggestService {
  suggest(kind: SuggestKind, query: string, count: number): Promise<SuggestAnswer>
}

/** DaData did not answer in time or answered something else than suggestions (the route answers 502). */
export class SuggestUnavailable extends Error {}

/** How both the stored `search` column and a query are compared: lower case, ё as е, words only. */
export const searchText = (s: string): string =>
  s
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^0-9a-zа-я]+/g, " ")
    .trim()

/** DaData's abbreviations spelled out, so `улица тверская` finds `ул Тверская` too. */
const SPELLED: Readonly<Record<string, string>> = {
  ул: "улица",
  "пр кт": "проспект",
  ш: "шоссе",
  пер: "переулок",
  г: "город",
  обл: "область",
  респ: "республика",
  д: "дом",
  кв: "квартира",
}

/** The `search` column of an address: its words plus the spelled-out abbreviations it contains. */
export function addressSearchText(unrestricted: string): string {
  const words = searchText(unrestricted)
  const padded = ` ${words} `
  const extra = Object.entries(SPELLED)
    .filter(([short]) => padded.includes(` ${short} `))
    .map(([, long]) => long)
  return [words, ...extra].join(" ")
}

/** The `search` column of a company: both names (and the ИП's full name). */
export const companySearchText = (c: Pick<SuggestCompaniesTable, "short_with_opf" | "full_with_opf">) =>
  searchText(`${c.short_with_opf} ${c.full_with_opf}`)

type CompanyRow = Omit<SuggestCompaniesTable, "id" | "search">
type AddressRow = Omit<SuggestAddressesTable, "id" | "search">

export const companySuggestion = (r: CompanyRow): Suggestion => ({
  value: r.short_with_opf,
  unrestricted_value: r.short_with_opf,
  data: {
    inn: r.inn,
    kpp: r.kpp,
    ogrn: r.ogrn,
    type: r.type,
    name: { full_with_opf: r.full_with_opf, short_with_opf: r.short_with_opf },
    management: r.management_name ? { name: r.management_name, post: r.management_post } : null,
    address: { value: r.address_value, unrestricted_value: r.address_unrestricted },
    state: { status: r.status },
  },
})

export const addressSuggestion = (r: AddressRow): Suggestion => ({
  value: r.value,
  unrestricted_value: r.unrestricted_value,
  data: {
    postal_code: r.postal_code,
    region_with_type: r.region_with_type,
    city_with_type: r.city_with_type,
    street_with_type: r.street_with_type,
    house: r.house,
    flat: r.flat,
  },
})

/** 0 when `text` begins a word of `search`, else 1: such matches come first. */
const wordStart = (text: string) => sql<number>`case when (${sql.lit(" ")} || ${sql.ref("search")}) like ${`% ${text}%`} then 0 else 1 end`

/** At most this many words of an address query are matched (each is one `like`). */
const MAX_WORDS = 8

/** The embedded default: substring search in the demo tables, same results on SQLite and PostgreSQL. */
export function localSuggest(db: Db): SuggestService {
  const k = db.kysely as Kysely<Database>
  return {
    async suggest(kind, query, count) {
      const q = searchText(query)
      if (!q) return { suggestions: [] }
      if (kind === "party") {
        const digits = q.replace(/ /g, "")
        let rows = k.selectFrom("suggest_companies").selectAll()
        // Only letters of [0-9a-zа-я ] remain after searchText: nothing a `like` would read as a wildcard.
        rows = /^\d+$/.test(digits)
          ? rows.where((eb) => eb.or([eb("inn", "like", `${digits}%`), eb("ogrn", "like", `${digits}%`)]))
          : rows.where("search", "like", `%${q}%`)
        const found = await rows
          // A match at the start of a word first (`вект` finds ООО "ВЕКТОР" before ООО "ЭЛЕКТРОВЕКТОР").
          .orderBy(wordStart(q))
          .orderBy("short_with_opf")
          .orderBy("id")
          .limit(count)
          .execute()
        return { suggestions: found.map(companySuggestion) }
      }
      const words = q.split(" ").slice(0, MAX_WORDS)
      const found = await k
        .selectFrom("suggest_addresses")
        .selectAll()
        .where((eb) => eb.and(words.map((w) => eb("search", "like", `%${w}%`))))
        .orderBy(wordStart(words[0]!))
        .orderBy("value")
        .orderBy("id")
        .limit(count)
        .execute()
      return { suggestions: found.map(addressSuggestion) }
    },
  }
}

/** DaData itself: `Authorization: Token <key>`, the answer passed through as it is. */
export function dadataSuggest(config: Pick<Config, "dadataApiKey" | "dadataUrl">): SuggestService {
  return {
    async suggest(kind, query, count) {
      let res: Response
      try {
        res = await fetch(`${config.dadataUrl}/suggest/${kind}`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json", authorization: `Token ${config.dadataApiKey}` },
          body: JSON.stringify({ query, count }),
          signal: AbortSignal.timeout(SUGGEST_UPSTREAM_TIMEOUT_MS),
        })
      } catch (err) {
        throw new SuggestUnavailable(`DaData unreachable: ${err instanceof Error ? err.message : String(err)}`)
      }
      let answer: unknown
      try {
        answer = await res.json()
      } catch {
        throw new SuggestUnavailable(`DaData answered ${res.status} without JSON`)
      }
      if (!res.ok || !Array.isArray((answer as { suggestions?: unknown } | null)?.suggestions)) {
        throw new SuggestUnavailable(`DaData answered ${res.status}`)
      }
      return answer as SuggestAnswer
    },
  }
}

/** No provider: production without DADATA_API_KEY suggests nothing rather than the demo's invented companies. */
const noSuggest: SuggestService = { suggest: async () => ({ suggestions: [] }) }

/** DaData with a key; else the demo tables, which production never seeds nor reads (docs/deployment.md). */
export const createSuggest = (deps: { db: Db; config: Pick<Config, "dadataApiKey" | "dadataUrl" | "production"> }): SuggestService =>
  deps.config.dadataApiKey ? dadataSuggest(deps.config) : deps.config.production ? noSuggest : localSuggest(deps.db)
