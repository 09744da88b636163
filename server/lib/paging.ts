import type { Context } from "hono"
import { PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages/common.ts"
import { unprocessable } from "./http.ts"

export interface Paging {
  readonly page: number
  readonly per: number
}

/** `?page&per`, defaults 1 and 25 (or `limits.per`); per is capped at 100 (or `limits.max`); non-numbers are a 422. */
export function readPaging(c: Context, limits: { readonly per: number; readonly max: number } = { per: PER_PAGE_DEFAULT, max: PER_PAGE_MAX }): Paging {
  const read = (name: string, fallback: number) => {
    const raw = c.req.query(name)
    if (raw === undefined || raw === "") return fallback
    if (!/^[1-9]\d{0,6}$/.test(raw)) throw unprocessable({ [name]: [messages.validation.numeric] })
    return Number(raw)
  }
  return { page: read("page", PAGE_DEFAULT), per: Math.min(read("per", limits.per), limits.max) }
}

export const totalPages = (count: number, per: number) => Math.max(1, Math.ceil(count / per))

/**
 * One page of a list as `{ data, meta: { total_pages, total_count, page, per } }`: `count` counts the
 * whole list, `rows(limit, offset)` reads the page, `view` shapes each row.
 */
export async function pageAnswer<R, T>(
  { page, per }: Paging,
  count: Promise<{ readonly n: number | string }>,
  rows: (limit: number, offset: number) => Promise<R[]>,
  view: (row: R) => T,
) {
  const total = Number((await count).n)
  const data = (await rows(per, (page - 1) * per)).map(view)
  return { data, meta: { total_pages: totalPages(total, per), total_count: total, page, per } }
}

/**
 * The ids of page `page` of `count` ordered rows, read from the nearer end of the order: the last page
 * of 100,000 rows is the first of the reversed order, so any page costs about what the first does.
 * `read(reversed, limit, offset)` reads ids in the order (or its reverse; the order must end with a
 * unique column, the id, so that the reverse is exactly the order turned around).
 */
export async function pageIdsFromNearerEnd(
  page: number,
  per: number,
  count: number,
  read: (reversed: boolean, limit: number, offset: number) => Promise<number[]>,
): Promise<number[]> {
  const offset = (page - 1) * per
  if (offset >= count) return []
  const fromEnd = offset + per / 2 > count / 2
  const take = Math.min(per, count - offset)
  const ids = await read(fromEnd, take, fromEnd ? count - offset - take : offset)
  return fromEnd ? ids.reverse() : ids
}
