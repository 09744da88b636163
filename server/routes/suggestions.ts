import type { Hono } from "hono"
import {
  REQUEST_RATE_WINDOW_MS,
  SUGGEST_COUNT_DEFAULT,
  SUGGEST_COUNT_MAX,
  SUGGEST_MIN_QUERY,
  SUGGEST_QUERY_MAX,
  SUGGEST_RATE_MAX,
} from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import type { FieldErrors } from "../../schemas/validate.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { HttpError, readJson, unprocessable } from "../lib/http.ts"
import { limitRequests } from "../lib/throttle.ts"
import { createSuggest, type SuggestKind, SuggestUnavailable } from "../services/suggest.ts"

const v = messages.validation

/** `{ query, count? }` as DaData takes it: count defaults to 5 and is capped at 20. */
function readQuery(body: Record<string, unknown>): { query: string; count: number } {
  const errors: FieldErrors = {}
  const { query, count } = body
  if (typeof query !== "string") errors.query = [v.required]
  else if (query.length > SUGGEST_QUERY_MAX) errors.query = [v.maxLength(SUGGEST_QUERY_MAX)]
  if (count !== undefined && count !== null && !(typeof count === "number" && Number.isInteger(count) && count >= 1)) errors.count = [v.numeric]
  if (Object.keys(errors).length > 0) throw unprocessable(errors)
  return { query: query as string, count: Math.min(typeof count === "number" ? count : SUGGEST_COUNT_DEFAULT, SUGGEST_COUNT_MAX) }
}

/**
 * `POST /api/v1/suggestions/party/` and `/address/`: DaData's suggest API under our origin, so the
 * key stays on the server. Queries shorter than 3 characters answer no suggestions without a lookup.
 */
export function suggestionRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const service = createSuggest(deps)
  for (const kind of ["party", "address"] as const satisfies readonly SuggestKind[]) {
    app.post(`/api/v1/suggestions/${kind}`, async (c) => {
      await limitRequests(deps.db, c, deps.config, "suggest", SUGGEST_RATE_MAX, REQUEST_RATE_WINDOW_MS)
      const { query, count } = readQuery(await readJson(c))
      if (query.trim().length < SUGGEST_MIN_QUERY) return c.json({ suggestions: [] })
      try {
        return c.json(await service.suggest(kind, query.trim(), count))
      } catch (err) {
        if (!(err instanceof SuggestUnavailable)) throw err
        deps.log.error({ err, kind }, "suggest: the provider is unavailable")
        throw new HttpError(502, { message: requestMessages.suggestUnavailable })
      }
    })
  }
}
