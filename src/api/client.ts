import { FetchError, ofetch } from "ofetch"
import { readCookie } from "./cookies.ts"
import { activityFinished, activityStarted } from "./activity.ts"
import { type ClientError, toClientError } from "./errors.ts"
import { reportUnauthorized } from "./unauthorized.ts"

/** The one name of the cookie that keeps the session's JWT (SPEC.md section 4, "Token"). */
export const TOKEN_COOKIE = "token"

export interface ApiClientOptions {
  /** The API host; "" is the page's own origin. */
  readonly baseURL: string
  /** `user:password` for HTTP basic authentication (a staging site behind basic auth), or empty. */
  readonly basicAuth?: string | undefined
  /** The session's token, read at each call (the `token` cookie in the browser). */
  readonly token?: (() => string | undefined) | undefined
  /** Calls nobody waits for (link prefetching): no activity events, so no loading bar. */
  readonly quiet?: boolean | undefined
}

const base64 = (text: string): string => btoa(String.fromCodePoint(...new TextEncoder().encode(text)))

/**
 * The Authorization header of a call (SPEC.md section 7: "a bearer token, or basic authentication if
 * configured"). The header holds one credential, so a call that carries a token sends `Bearer` (the
 * API decides who is signed in), and a call without one sends `Basic` when basic authentication is
 * configured (the staging proxy's password); else none. docs/decisions.md, issue 8.
 */
export function authorizationOf(token: string | null | undefined, basicAuth: string | undefined): string | null {
  if (token) return `Bearer ${token}`
  if (basicAuth) return `Basic ${base64(basicAuth)}`
  return null
}

const bearerOf = (authorization: string | null): string | null => (authorization?.startsWith("Bearer ") ? authorization.slice(7) : null)

/**
 * A JSON client of the API: the Authorization header above (a call may name its own, e.g. sign-out
 * with the token being revoked), activity events for the loading bar, a 401 reported to the session.
 * No retries: a failure reaches the caller at once.
 */
export function createApiClient({ baseURL, basicAuth, token, quiet = false }: ApiClientOptions) {
  const started = quiet ? () => {} : activityStarted
  const finished = quiet ? () => {} : activityFinished
  return ofetch.create({
    baseURL,
    retry: 0,
    onRequest({ options }) {
      const headers = new Headers(options.headers)
      if (!headers.has("Authorization")) {
        const authorization = authorizationOf(token?.(), basicAuth)
        if (authorization) headers.set("Authorization", authorization)
      }
      options.headers = headers
      started()
    },
    // Every answer (good or bad) passes onResponse; a network failure passes onRequestError instead.
    onResponse: ({ options, response }) => {
      finished()
      if (response.status === 401) reportUnauthorized(bearerOf(new Headers(options.headers).get("Authorization")))
    },
    onRequestError: () => finished(),
  })
}

/** The API host: same origin unless VITE_API_BASE names another (chosen per environment, at build time). */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? ""

/** `VITE_API_BASIC_AUTH=user:password` at build time: basic authentication for calls without a token. */
const BASIC_AUTH: string | undefined = import.meta.env.VITE_API_BASIC_AUTH || undefined

/** The browser's client: the bearer token of the `token` cookie, or the configured basic authentication. */
export const api = createApiClient({ baseURL: API_BASE, basicAuth: BASIC_AUTH, token: () => readCookie(TOKEN_COOKIE) })

export type ApiClient = typeof api

/** The same client for calls nobody waits for yet (link prefetching): they run no loading bar. */
export const quietApi = createApiClient({ baseURL: API_BASE, basicAuth: BASIC_AUTH, token: () => readCookie(TOKEN_COOKIE), quiet: true })

/** The Authorization header the browser's client would send now (for requests it cannot make: XHR uploads). */
export const currentAuthorization = (): string | null => authorizationOf(readCookie(TOKEN_COOKIE), BASIC_AUTH)

/** A ClientError thrown already (by a nested call) passes as it is, with its status and details. */
const isClientError = (err: unknown): err is ClientError =>
  typeof err === "object" && err !== null && !(err instanceof Error) && typeof (err as ClientError).message === "string" && "status" in err && "details" in err

/** Any thrown value from `api` as a ClientError (section 8 mapping); network failures have no status. */
export function asClientError(err: unknown): ClientError {
  if (isClientError(err)) return err
  if (err instanceof FetchError) return toClientError(err.data, err.status ?? err.statusCode)
  return toClientError(err instanceof Error ? { message: err.message } : err, undefined)
}

/** Runs a call of the API; a failure is thrown as the section 8 ClientError. The one wrapper of every feature. */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (err) {
    throw asClientError(err)
  }
}
