import type { Context } from "hono"
import { PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../../schemas/constants.ts"
import { messages } from "../../schemas/messages.ts"
import { unprocessable } from "./http.ts"

export interface Paging {
  readonly page: number
  readonly per: number
}

/** `?page&per`, defaults 1 and 25; per is capped at 100; non-numbers are a 422. */
export function readPaging(c: Context): Paging {
  const read = (name: string, fallback: number) => {
    const raw = c.req.query(name)
    if (raw === undefined || raw === "") return fallback
    if (!/^[1-9]\d{0,6}$/.test(raw)) throw unprocessable({ [name]: [messages.validation.numeric] })
    return Number(raw)
  }
  return { page: read("page", PAGE_DEFAULT), per: Math.min(read("per", PER_PAGE_DEFAULT), PER_PAGE_MAX) }
}

export const totalPages = (count: number, per: number) => Math.max(1, Math.ceil(count / per))
