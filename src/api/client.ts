import { FetchError, ofetch } from "ofetch"
import { activityFinished, activityStarted } from "./activity.ts"
import { type ClientError, toClientError } from "./errors.ts"
import { endsSession, reportUnauthorized } from "./unauthorized.ts"

export interface ApiClientOptions {
  /** The API host; "" is the page's own origin. */
  readonly baseURL: string
  /** `user:password` for HTTP basic authentication (a staging site behind basic auth), or empty. */
  readonly basicAuth?: string | undefined
  /**
   * A program's bearer token, read at each call (tests, scripts). The browser's clients have none:
   * the session travels in its HttpOnly cookie, which the browser sends itself.
   */
  readonly token?: (() => string | undefined) | undefined
  /** Calls nobody waits for (link prefetching): no activity events, so no loading bar. */
  readonly quiet?: boolean | undefined
}

const base64 = (text: string): string => btoa(String.fromCodePoint(...new TextEncoder().encode(text)))

/**
 * The Authorization header of a call (SPEC.md section 7: "a bearer token, or basic authentication if
 * configured"): a program's token as `Bearer`, else `Basic` when basic authentication is configured (a
 * staging proxy's password), else none. The browser's session travels in its HttpOnly cookie
 * (docs/auth.md, "Sessions").
 */
export function authorizationOf(token: string | null | undefined, basicAuth: string | undefined): string | null {
  if (token) return `Bearer ${token}`
  return basicAuth ? `Basic ${base64(basicAuth)}` : null
}

/**
 * A JSON client of the API: the Authorization header above (a call may name its own, e.g. revoking a
 * token a sign-in answered), activity events for the loading bar, a 401 that ends the session reported
 * to it. No retries: a failure reaches the caller at once.
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
    onResponse: ({ response }) => {
      finished()
      if (response.status === 401 && endsSession(response.headers.get("www-authenticate"))) reportUnauthorized()
    },
    onRequestError: () => finished(),
  })
}

/** The API host: same origin unless VITE_API_BASE names another (chosen per environment, at build time). */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? ""

/** `VITE_API_BASIC_AUTH=user:password` at build time: basic authentication for calls without a token. */
const BASIC_AUTH: string | undefined = import.meta.env.VITE_API_BASIC_AUTH || undefined

/** The browser's client: the session's cookie goes by itself, and the configured basic authentication. */
export const api = createApiClient({ baseURL: API_BASE, basicAuth: BASIC_AUTH })

export type ApiClient = typeof api

/** The same client for calls nobody waits for yet (link prefetching): they run no loading bar. */
export const quietApi = createApiClient({ baseURL: API_BASE, basicAuth: BASIC_AUTH, quiet: true })

/** The Authorization header the browser's client would send now (for requests it cannot make: XHR uploads). */
export const currentAuthorization = (): string | null => authorizationOf(null, BASIC_AUTH)

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
