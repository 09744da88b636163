import type { ComponentType } from "react"

/**
 * The shape of one entry of the route table (src/app/routes.ts). Type-only React import: the table
 * itself stays free of React and the DOM, so the server imports the same table.
 */
export type Params = Readonly<Record<string, string>>

/** The areas of SPEC.md section 2: the public site (rendered on the server), the account (with the
 * orders and the sign-in pages; rendered in the browser) and the CRM. */
export type Area = "site" | "account" | "crm"

export type UserType = "user" | "director"

/** Who may open a route (SPEC.md sections 2 and 6); absent parts mean anyone. */
export interface RouteAccess {
  /** The guards to run, in order; default DEFAULT_GUARDS. Any string: an unknown name is a 500. */
  readonly guards?: readonly string[]
  readonly user_type?: readonly UserType[]
  readonly user_role?: readonly string[]
  /** A site route the admin context may not use (password reset, forgot, confirmation, improve-session). */
  readonly notForAdmin?: boolean
  /** A CRM page: only an administrator's session opens it; anyone else goes to the admin sign-in. */
  readonly admin?: boolean
}

/** GET of the site's own JSON API: the browser's client, or the server's in-process app. */
export type ApiGet = <T>(path: string) => Promise<T>

export interface LoaderContext {
  /** The page's path (the site's pages load its page settings and banners by it). */
  readonly path: string
  readonly params: Params
  /** The query string without `?`. */
  readonly search: string
  readonly get: ApiGet
}

/**
 * What a loader answers: the page's data, or a status — 404: the record does not exist; another: the
 * API failed (its message is shown in an alert over the error page).
 */
export type Loaded<D = unknown> =
  | { readonly data: D; readonly status?: undefined }
  | { readonly status: number; readonly data?: undefined; readonly message?: string | undefined }

/** The props every page receives from the route table. */
export interface PageProps<D = unknown> {
  readonly params: Params
  readonly search: string
  readonly data: D
  readonly title: string
}

/** A page takes PageProps or fewer of them; its data is typed by the page (checked against its loader by hand). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageComponent = ComponentType<PageProps<any>>

/** Head of a page: the title (with the site's suffix added), description, whether robots may index it. */
export interface RouteHead {
  readonly title: string
  readonly description?: string
  /** The meta keywords (a page setting's, or a CRM page's). */
  readonly keywords?: string
  /** The page writes its own <title> once its record is loaded (a legal person by its name). */
  readonly titledByPage?: true
}

export interface AppRoute {
  /** The spec's route name, e.g. `account-legal_person-id`, `crm-menu_items-id-edit`. */
  readonly name: string
  /** A wouter/regexparam pattern (`/faq/articles/:id`, `/orders/:order_id?/edit`) or a RegExp with named groups. */
  readonly path: string | RegExp
  readonly area: Area
  readonly access?: RouteAccess
  /** The page's head; a function of the loader's data for pages that name a record. */
  readonly head: RouteHead | ((data: never, params: Params) => RouteHead)
  /** The page's code, loaded on first use. */
  readonly page: () => Promise<PageComponent>
  /** Fetches the page's data (run by the `prefetch_data` guard, on the server for site pages). */
  readonly loader?: (ctx: LoaderContext) => Promise<Loaded>
  /** The region route's city becomes the current city; the index clears it (the `city` guard). */
  readonly city?: "clear" | "fromData"
  /** Drawn without the area's layout (the CRM sign-in page). */
  readonly bare?: boolean
  /** Props the page gets besides PageProps (the CRM resource declaration a generic page serves). */
  readonly props?: Readonly<Record<string, unknown>>
}
