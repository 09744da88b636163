import type { Suggestion, SuggestQuery } from "../../../../machines/suggest.machine.ts"
import { api } from "../../../api/client.ts"

const isSuggestion = (s: unknown): s is Suggestion =>
  typeof s === "object" && s !== null && typeof (s as Suggestion).value === "string" && typeof (s as Suggestion).data === "object" && (s as Suggestion).data !== null

/**
 * DaData's suggestions through our server (`POST /api/v1/suggestions/{party|address}/`, the server
 * holds the token). Malformed items are skipped; a failed call throws and the suggest list stays shut.
 */
export async function lookupSuggestions({ kind, query, count }: SuggestQuery, signal?: AbortSignal): Promise<readonly Suggestion[]> {
  const answer = await api<{ suggestions?: unknown }>(`/api/v1/suggestions/${kind}/`, { method: "POST", body: { query, count }, signal })
  return Array.isArray(answer.suggestions) ? answer.suggestions.filter(isSuggestion) : []
}
