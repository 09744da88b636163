import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { crmResources } from "../../schemas/resources/index.ts"
import { ADMIN_ROLES, type AdminRole, CONTENT_ROLES, ORDER_ROLES, REQUEST_ROLES } from "../../schemas/roles.ts"
import { mountedApiRoutes } from "../support/api-routes.ts"
import { adminToken, TEST_ADMIN } from "../support/server.ts"
import { DEMO_USER, directorToken, signInUser } from "../support/users.ts"
import { call, type List } from "./helpers.ts"
import { roleToken, serverWithAdmin } from "./harness.ts"

/**
 * THE ACCESS MATRIX: every API endpoint of the product, called as each kind of caller, with the status
 * each must get. Later issues add rows. Bodies are chosen so a call that passes the access check stops
 * at validation (422) or at a missing record (404) and changes nothing, unless the row says otherwise.
 * The CRM's roles are callers too — 'admin' (the test administrator), 'editor',
 * 'operator' and 'accountant'. A CRM row says what the administrator gets; the other roles get the same
 * where the section's roles include theirs (the declaration's `roles`, the content uploads'), else
 * 403; a row may also name all six. Spot rows below name them by hand (tests/api/crm-roles.test.ts
 * checks the roles' refusals one by one).
 */
type Role = "anonymous" | "user" | "director" | "admin" | "editor" | "operator" | "accountant"
const ROLES: readonly Role[] = ["anonymous", "user", "director", "admin", "editor", "operator", "accountant"]
type StaffRole = "editor" | "operator" | "accountant"
const isStaffRole = (role: Role): role is StaffRole => role === "editor" || role === "operator" || role === "accountant"

interface Fixture {
  readonly menuItemId: string
  readonly cityId: string
  readonly citySlug: string
  readonly adminId: string
  readonly legalPersonId: string
}

interface Row {
  readonly method: string
  readonly path: string | ((f: Fixture) => string)
  readonly body?: unknown
  /** Expected status per caller: a number for all, or one per caller (the editor's and operator's derived when absent). */
  readonly expect: number | (Record<"anonymous" | "user" | "director" | "admin", number> & Partial<Record<StaffRole, number>>)
  /** The call uses the token up (sign-out): every role gets a fresh one. */
  readonly fresh?: boolean
  /** A static file (the API viewer's script and styles): its status only, its text is code, not an answer. */
  readonly asset?: boolean
}

const all = (status: number) => status
const site = (anonymous: number, user: number, director: number, admin: number) => ({ anonymous, user, director, admin })
const crm = (admin: number) => ({ anonymous: 401, user: 401, director: 401, admin })
/** All six callers by hand: a CRM call whose roles are `roles`. */
const crmRoles = (admin: number, roles: readonly AdminRole[]) => ({
  ...crm(admin),
  editor: roles.includes("editor") ? admin : 403,
  operator: roles.includes("operator") ? admin : 403,
  accountant: roles.includes("accountant") ? admin : 403,
})

/** The roles of the CRM section a path belongs to: its declaration's, the content uploads', else every role (the session). */
function rolesOfPath(path: string): readonly AdminRole[] {
  const bare = path.replace(/\?.*$/, "")
  const owner = [...crmResources]
    .sort((a, b) => b.apiPath.length - a.apiPath.length)
    .find((r) => bare === r.apiPath || bare.startsWith(`${r.apiPath}/`))
  // An order's identity check is its workers' only, not every role that opens 'Заказы' (the accountant).
  if (/^\/api\/v2\/crm\/orders\/[^/]+\/identity-check\b/.test(bare)) return ORDER_ROLES
  if (owner) return owner.roles
  if (/^\/api\/v2\/crm\/(images|files)\b/.test(bare)) return CONTENT_ROLES
  return ADMIN_ROLES
}

/** What a caller must get: the row's number, or its caller's; the editor and operator as the administrator where their role may. */
function expected(row: Row, path: string, role: Role): number {
  if (typeof row.expect === "number") return row.expect
  if (isStaffRole(role)) {
    const own = row.expect[role]
    if (own !== undefined) return own
    // A site call treats every admin token alike; a CRM call of a section outside the role is 403.
    if (!path.startsWith("/api/v2/crm/") || rolesOfPath(path).includes(role) || row.expect.admin === 401) return row.expect.admin
    return 403
  }
  return row.expect[role]
}

/**
 * What every declared resource gets from the CRM mechanism, one row each: the CSV export,
 * the bulk delete (`?ids=`; 405 when read-only) and the undo (unknown token: 422).
 */
const mechanismRows: readonly Row[] = crmResources.flatMap((r): Row[] => [
  { method: "GET", path: `${r.apiPath}/export.csv`, expect: crm(200) },
  { method: "DELETE", path: `${r.apiPath}/?ids=999999`, expect: crm(r.readOnly ? 405 : 404) },
  ...(r.readOnly ? [] : [{ method: "POST", path: `${r.apiPath}/restore/`, body: { token: "unknown" }, expect: crm(422) }]),
  // The unsaved record's preview, the counts by a filter's choices, the catalogue's choices of filters.
  ...(r.preview ? [{ method: "POST", path: `${r.apiPath}/preview/`, body: { [r.preview.title]: "Заголовок", [r.preview.body]: "<p>Текст</p>" }, expect: crm(200) }] : []),
  ...(r.counts ? [{ method: "GET", path: `${r.apiPath}/counts/`, expect: crm(200) }] : []),
  ...(r.filterSources ? [{ method: "GET", path: `${r.apiPath}/filter_options/`, expect: crm(200) }] : []),
])
const NO = "999999"
const strong = "Nw-Matrix-2026!q"

const rows: readonly Row[] = [
  // Public content (no token needed; any token is ignored).
  { method: "GET", path: "/api/v2/menu_items/", expect: all(200) },
  { method: "GET", path: "/api/v2/cities/", expect: all(200) },
  { method: "GET", path: (f) => `/api/v2/cities/${f.cityId}/`, expect: all(200) },
  { method: "GET", path: (f) => `/api/v2/cities/${f.citySlug}`, expect: all(200) },
  { method: "GET", path: "/api/v2/cities/no-such-city/", expect: all(404) },
  { method: "GET", path: "/api/v2/footer_links/", expect: all(200) },
  { method: "GET", path: "/api/v2/site_config/", expect: all(200) },
  // The public content (published only; no token needed).
  { method: "GET", path: "/api/v2/pages/?url=/about_company/", expect: all(200) },
  { method: "GET", path: "/api/v2/faq/", expect: all(200) },
  { method: "GET", path: `/api/v2/faq/articles/${NO}/`, expect: all(404) },
  { method: "GET", path: "/api/v2/post_sources/", expect: all(200) },
  { method: "GET", path: "/api/v2/posts/", expect: all(200) },
  { method: "GET", path: `/api/v2/posts/${NO}/`, expect: all(404) },
  { method: "GET", path: `/api/v2/documents/${NO}/`, expect: all(404) },
  { method: "GET", path: "/api/v2/page_banners/?url=/faq", expect: all(200) },
  { method: "GET", path: "/api/v2/page_settings/?url=/faq", expect: all(200) },
  { method: "GET", path: "/api/v2/page_meta/?url=/faq", expect: all(200) },
  // CRM session and content.
  { method: "POST", path: "/api/v2/crm/sign_in/", body: { admin: TEST_ADMIN }, expect: all(200) },
  { method: "POST", path: "/api/v2/crm/sign_in/", body: { admin: { email: "" } }, expect: all(422) },
  { method: "GET", path: "/api/v2/crm/current_admin/", expect: crm(200) },
  { method: "GET", path: "/api/v2/crm/menu_items/", expect: crm(200) },
  { method: "GET", path: (f) => `/api/v2/crm/menu_items/${f.menuItemId}/`, expect: crm(200) },
  { method: "POST", path: "/api/v2/crm/menu_items/", body: { menu_item: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/menu_items/${NO}/`, body: { menu_item: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/menu_items/${NO}/`, body: { menu_item: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/menu_items/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/cities/", expect: crm(200) },
  { method: "GET", path: (f) => `/api/v2/crm/cities/${f.cityId}/`, expect: crm(200) },
  { method: "POST", path: "/api/v2/crm/cities/", body: { city: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/cities/${NO}/`, body: { city: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/cities/${NO}/`, body: { city: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/cities/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/no_such_resource/", expect: crm(404) },
  // CRM administrators and sign-out.
  { method: "GET", path: "/api/v2/crm/admin_users/", expect: crm(200) },
  { method: "GET", path: (f) => `/api/v2/crm/admin_users/${f.adminId}/`, expect: crm(200) },
  { method: "POST", path: "/api/v2/crm/admin_users/", body: { admin_user: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/admin_users/${NO}/`, body: { admin_user: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/admin_users/${NO}/`, body: { admin_user: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/admin_users/${NO}/`, expect: crm(404) },
  { method: "DELETE", path: (f) => `/api/v2/crm/admin_users/${f.adminId}/`, expect: crm(422) },
  { method: "DELETE", path: "/api/v2/crm/sign_out/", expect: crm(204), fresh: true },
  // Each staff member's own second factor.
  { method: "GET", path: "/api/v2/crm/totp/", expect: crm(200) },
  { method: "POST", path: "/api/v2/crm/totp/", expect: crm(201) },
  { method: "POST", path: "/api/v2/crm/totp/confirm/", body: {}, expect: crm(422) },
  { method: "DELETE", path: "/api/v2/crm/totp/", body: {}, expect: crm(422) },
  // Site accounts.
  { method: "POST", path: "/api/v1/users/", body: { user: {} }, expect: all(422) },
  { method: "POST", path: "/api/v1/users/sign_in/", body: { user: { email: DEMO_USER.email, password: DEMO_USER.password } }, expect: all(200) },
  { method: "POST", path: "/api/v1/users/sign_in/", body: { user: {} }, expect: all(422) },
  { method: "POST", path: "/api/v1/users/sign_out/", expect: site(401, 204, 204, 401), fresh: true },
  { method: "DELETE", path: "/api/v1/users/sign_out/", expect: site(401, 204, 204, 401), fresh: true },
  { method: "GET", path: "/api/v1/users/info/", expect: site(401, 200, 200, 401) },
  { method: "GET", path: "/api/v1/users/info/?confirmation_token=unknown", expect: all(404) },
  { method: "POST", path: "/api/v1/users/confirmation/", body: {}, expect: all(422) },
  { method: "POST", path: "/api/v1/users/password/", body: { user: { email: "not-an-email" } }, expect: all(422) },
  { method: "POST", path: "/api/v1/users/password/", body: { admin: { email: "not-an-email" } }, expect: all(422) },
  { method: "PUT", path: "/api/v1/users/password/", body: { user: { reset_password_token: "unknown", password: strong, password_confirmation: strong } }, expect: all(422) },
  { method: "POST", path: "/api/v1/users/improve_session", body: {}, expect: site(401, 403, 422, 401) },
  { method: "POST", path: "/api/v1/phone_codes/", body: { purpose: "improve_session" }, expect: site(401, 403, 201, 401) },
  { method: "POST", path: "/api/v1/phone_codes/", body: { confirmation_token: "unknown" }, expect: all(404) },
  { method: "GET", path: "/api/v1/lk/legal_person/", expect: site(401, 403, 200, 401) },
  { method: "GET", path: (f) => `/api/v1/lk/legal_person/${f.legalPersonId}/`, expect: site(401, 403, 200, 401) },
  { method: "GET", path: `/api/v1/lk/legal_person/${NO}/`, expect: site(401, 403, 404, 401) },
  // The order wizard's API (docs/orders.md): the owner (user) reads its draft, the director is another customer (404).
  { method: "POST", path: "/api/v1/uc/leads/", body: { applicant_kind: "nobody" }, expect: site(401, 422, 422, 401) },
  { method: "GET", path: "/api/v1/uc/leads/draft/", expect: site(401, 200, 200, 401) },
  { method: "GET", path: "/api/v1/uc/leads/prefill/", expect: site(401, 200, 200, 401) },
  { method: "GET", path: () => `/api/v1/uc/leads/${userOrderId}/`, expect: site(401, 200, 404, 401) },
  { method: "PUT", path: () => `/api/v1/uc/leads/${userOrderId}/`, body: { applicant_kind: "nobody" }, expect: site(401, 422, 404, 401) },
  { method: "POST", path: () => `/api/v1/uc/leads/${userOrderId}/submit/`, body: {}, expect: site(401, 422, 404, 401) },
  { method: "GET", path: `/api/v1/uc/leads/${NO}/`, expect: site(401, 404, 404, 401) },
  { method: "PUT", path: `/api/v1/uc/leads/${NO}/`, body: {}, expect: site(401, 404, 404, 401) },
  { method: "POST", path: `/api/v1/uc/leads/${NO}/submit/`, body: {}, expect: site(401, 404, 404, 401) },
  // The applicant's qualified signature (orders-qes.ts): the owner's order not identified by it is a 422.
  { method: "GET", path: () => `/api/v1/uc/leads/${userOrderId}/qes/`, expect: site(401, 200, 404, 401) },
  { method: "POST", path: () => `/api/v1/uc/leads/${userOrderId}/qes/challenge/`, body: {}, expect: site(401, 422, 404, 401) },
  { method: "POST", path: () => `/api/v1/uc/leads/${userOrderId}/qes/`, body: {}, expect: site(401, 422, 404, 401) },
  // The account's orders (docs/account.md): own orders only; the director is another customer of the user's draft.
  { method: "GET", path: "/api/v1/lk/leads/", expect: site(401, 200, 200, 401) },
  { method: "GET", path: "/api/v1/lk/leads/all/?page=2&per_page=10", expect: site(401, 200, 200, 401) },
  { method: "GET", path: "/api/v1/lk/leads/shipped/", expect: site(401, 422, 422, 401) },
  { method: "GET", path: () => `/api/v1/lk/leads/item/${userOrderId}/`, expect: site(401, 200, 404, 401) },
  { method: "GET", path: `/api/v1/lk/leads/item/${NO}/`, expect: site(401, 404, 404, 401) },
  { method: "GET", path: () => `/api/v1/lk/leads/${userOrderId}/documents/${NO}/`, expect: site(401, 404, 404, 401) },
  // The order page after the submit (order-scans.ts): the owner's draft takes no scans yet (409), bad input first (422).
  { method: "GET", path: () => `/api/v1/lk/leads/${userOrderId}/steps/`, expect: site(401, 200, 404, 401) },
  { method: "POST", path: () => `/api/v1/lk/leads/${userOrderId}/scans/`, body: {}, expect: site(401, 422, 404, 401) },
  { method: "DELETE", path: () => `/api/v1/lk/leads/${userOrderId}/scans/${NO}/`, expect: site(401, 409, 404, 401) },
  { method: "GET", path: "/api/v1/lk/remote_leads/", expect: site(401, 200, 200, 401) },
  { method: "GET", path: `/api/v1/lk/remote_leads/${NO}/`, expect: site(401, 404, 404, 401) },
  { method: "GET", path: `/api/v1/lk/remote_leads/${NO}/edit/`, expect: site(401, 404, 404, 401) },
  { method: "POST", path: `/api/v1/uc/leads/${NO}/cancel/`, body: {}, expect: site(401, 404, 404, 401) },
  // The CRM's 'Заказы' (administrators and operators; read-only but for the status move).
  { method: "GET", path: "/api/v2/crm/orders/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/orders/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/orders/", body: {}, expect: crm(405) },
  { method: "PUT", path: `/api/v2/crm/orders/${NO}/`, body: {}, expect: crm(405) },
  { method: "PATCH", path: `/api/v2/crm/orders/${NO}/`, body: {}, expect: crm(405) },
  { method: "DELETE", path: `/api/v2/crm/orders/${NO}/`, expect: crm(405) },
  { method: "POST", path: `/api/v2/crm/orders/${NO}/status/`, body: { status: "paid" }, expect: crm(404) },
  { method: "GET", path: `/api/v2/crm/orders/${NO}/status/`, expect: crm(404) },
  { method: "GET", path: `/api/v2/crm/orders/${NO}/documents/${NO}/`, expect: crm(404) },
  { method: "GET", path: `/api/v2/crm/orders/${NO}/identity-check/`, expect: crm(404) },
  { method: "PUT", path: `/api/v2/crm/orders/${NO}/identity-check/items/1/`, body: { confirmed: true }, expect: crm(404) },
  { method: "POST", path: `/api/v2/crm/orders/${NO}/identity-check/identification/`, body: { office_id: 1 }, expect: crm(404) },
  // The CA's register (docs/register.md): lookups behind the captcha (none here: 422), the .cer by
  // its opaque id, the revoked lists, the CRL; the CRM's register and 'Выпустить' for operators and administrators.
  { method: "GET", path: "/api/v2/certificates/123456/", expect: all(422) },
  { method: "GET", path: "/api/v2/certificates/?search_by=inn&inn=7707083893", expect: all(422) },
  { method: "GET", path: `/api/v2/certificates/${"0".repeat(32)}/download/`, expect: all(404) },
  { method: "GET", path: "/api/v2/documents/revoked_certificate/", expect: all(200) },
  { method: "GET", path: "/api/v2/documents/revoked_epoa/", expect: all(200) },
  { method: "GET", path: `/cdp/${"0".repeat(40)}.crl`, expect: all(404) },
  { method: "GET", path: "/api/v2/ca_repository/", expect: all(200) },
  { method: "GET", path: `/ca/${"0".repeat(40)}.cer`, expect: all(404) },
  { method: "GET", path: "/api/v2/crm/certificates/", expect: crmRoles(200, ["admin", "operator"]) },
  { method: "GET", path: `/api/v2/crm/certificates/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/certificates/", body: {}, expect: crm(405) },
  { method: "PUT", path: `/api/v2/crm/certificates/${NO}/`, body: {}, expect: crm(405) },
  { method: "PATCH", path: `/api/v2/crm/certificates/${NO}/`, body: {}, expect: crm(405) },
  { method: "DELETE", path: `/api/v2/crm/certificates/${NO}/`, expect: crm(405) },
  { method: "POST", path: `/api/v2/crm/certificates/${NO}/status/`, body: { action: "suspend" }, expect: crm(404) },
  { method: "POST", path: `/api/v2/crm/certificates/${NO}/phone_suspend/`, body: { vector: "KOD2026" }, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/certificates/import/", body: {}, expect: crm(422) },
  { method: "POST", path: `/api/v2/crm/orders/${NO}/issue/`, body: { csr: "MIIB" }, expect: crmRoles(404, ["admin", "operator"]) },
  // The customer's certificates and the myDSS profile (docs/account-certificates.md): own rows only, an unknown
  // or another customer's id 404 (tests/api/account-certificates.test.ts and dss.test.ts check owners one by one).
  // POST dss_profile creates the caller's own profile once (its only change).
  { method: "GET", path: "/api/v1/lk/certificates/", expect: site(401, 200, 200, 401) },
  { method: "GET", path: "/api/v1/lk/certificates/?page=0", expect: site(401, 422, 422, 401) },
  { method: "GET", path: "/api/v1/lk/certificates/expiring/", expect: site(401, 200, 200, 401) },
  { method: "GET", path: `/api/v1/lk/certificates/${"0".repeat(32)}/`, expect: site(401, 404, 404, 401) },
  { method: "GET", path: `/api/v1/lk/certificates/${"0".repeat(32)}/file/`, expect: site(401, 404, 404, 401) },
  { method: "GET", path: `/api/v1/lk/certificates/${"0".repeat(32)}/approvals/`, expect: site(401, 404, 404, 401) },
  { method: "POST", path: `/api/v1/lk/certificates/${"0".repeat(32)}/approval_code/`, body: {}, expect: site(401, 404, 404, 401) },
  { method: "POST", path: `/api/v1/lk/certificates/${"0".repeat(32)}/approve/`, body: {}, expect: site(401, 404, 404, 401) },
  { method: "POST", path: `/api/v1/lk/certificates/${"0".repeat(32)}/renewal/`, body: {}, expect: site(401, 404, 404, 401) },
  { method: "POST", path: "/api/v1/lk/dss_profile/", body: {}, expect: site(401, 200, 200, 401) },
  { method: "GET", path: `/api/v1/lk/dss_profiles/${"0".repeat(32)}/`, expect: site(401, 404, 404, 401) },
  { method: "POST", path: `/api/v1/lk/dss_profiles/${"0".repeat(32)}/sms/`, body: { phone: "+79990000000" }, expect: site(401, 404, 404, 401) },
  // Signing with a certificate (docs/signer.md). A challenge is the only change (a one-time row that
  // expires); binding, its list and removal, МЧД and signing for an organisation are the signed-in customer's own
  // (tests/api/cert-auth.test.ts checks another account's challenge and binding); the sign-in is anyone's.
  { method: "POST", path: "/api/v1/cert_auth/challenges/", body: { purpose: "bind" }, expect: site(401, 201, 201, 401) },
  { method: "POST", path: "/api/v1/cert_auth/challenges/", body: { purpose: "sign_in" }, expect: all(201) },
  { method: "POST", path: "/api/v1/cert_auth/challenges/", body: { purpose: "other" }, expect: all(422) },
  { method: "GET", path: "/api/v1/cert_auth/bindings/", expect: site(401, 200, 200, 401) },
  { method: "POST", path: "/api/v1/cert_auth/bindings/", body: {}, expect: site(401, 422, 422, 401) },
  { method: "DELETE", path: `/api/v1/cert_auth/bindings/${NO}/`, expect: site(401, 404, 404, 401) },
  { method: "POST", path: "/api/v1/cert_auth/sign_in/", body: {}, expect: all(422) },
  { method: "POST", path: "/api/v1/cert_auth/sign_in/vector/", body: {}, expect: all(422) },
  { method: "POST", path: "/api/v1/cert_auth/epoas/", body: {}, expect: site(401, 422, 422, 401) },
  { method: "POST", path: "/api/v1/cert_auth/org_signatures/", body: {}, expect: site(401, 422, 422, 401) },
  // Services behind form fields and visitors' requests (anyone may send; the CRM only reads them).
  { method: "GET", path: "/api/v1/captcha/", expect: all(200) },
  { method: "POST", path: "/api/v1/suggestions/party/", body: { query: "ро" }, expect: all(200) },
  { method: "POST", path: "/api/v1/suggestions/address/", body: { query: "" }, expect: all(200) },
  { method: "POST", path: "/api/v1/suggestions/party/", body: {}, expect: all(422) },
  // A JSON body is no multipart form: past the access check the answer is 400.
  { method: "POST", path: "/api/v1/uploads/", body: {}, expect: site(401, 400, 400, 400) },
  { method: "GET", path: `/api/v1/uploads/${"0".repeat(32)}/`, expect: site(401, 404, 404, 404) },
  { method: "POST", path: "/api/v2/crm/images/", body: {}, expect: crm(400) },
  { method: "POST", path: "/api/v1/remote_offers/", body: {}, expect: all(422) },
  { method: "POST", path: "/api/v1/feedbacks/", body: {}, expect: all(422) },
  { method: "GET", path: "/api/v2/crm/remote_offers/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/remote_offers/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/remote_offers/", body: {}, expect: crm(405) },
  { method: "PUT", path: `/api/v2/crm/remote_offers/${NO}/`, body: {}, expect: crm(405) },
  { method: "PATCH", path: `/api/v2/crm/remote_offers/${NO}/`, body: {}, expect: crm(405) },
  { method: "DELETE", path: `/api/v2/crm/remote_offers/${NO}/`, expect: crm(405) },
  { method: "GET", path: "/api/v2/crm/feedbacks/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/feedbacks/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/feedbacks/", body: {}, expect: crm(405) },
  { method: "PUT", path: `/api/v2/crm/feedbacks/${NO}/`, body: {}, expect: crm(405) },
  { method: "PATCH", path: `/api/v2/crm/feedbacks/${NO}/`, body: {}, expect: crm(405) },
  { method: "DELETE", path: `/api/v2/crm/feedbacks/${NO}/`, expect: crm(405) },
  // The sales requests of /corporate and /services_ib (anyone sends; the CRM only reads), the site search.
  { method: "POST", path: "/api/v1/corporate_requests/", body: {}, expect: all(422) },
  { method: "POST", path: "/api/v1/services_ib_requests/", body: {}, expect: all(422) },
  { method: "GET", path: "/api/v2/crm/sales_requests/", expect: crmRoles(200, ["admin", "editor", "operator"]) },
  { method: "GET", path: `/api/v2/crm/sales_requests/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/sales_requests/", body: {}, expect: crm(405) },
  { method: "PUT", path: `/api/v2/crm/sales_requests/${NO}/`, body: {}, expect: crm(405) },
  { method: "PATCH", path: `/api/v2/crm/sales_requests/${NO}/`, body: {}, expect: crm(405) },
  { method: "DELETE", path: `/api/v2/crm/sales_requests/${NO}/`, expect: crm(405) },
  { method: "GET", path: "/api/v2/search/?q=%D0%BF%D0%BE%D0%B4%D0%BF%D0%B8%D1%81%D0%B8", expect: all(200) },
  { method: "GET", path: "/api/v2/search/", expect: all(422) },
  // FAQ rubrics, the first resource that is only its declaration.
  { method: "GET", path: "/api/v2/crm/faq/rubrics/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/faq/rubrics/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/faq/rubrics/", body: { faq_rubric: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/faq/rubrics/${NO}/`, body: { faq_rubric: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/faq/rubrics/${NO}/`, body: { faq_rubric: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/faq/rubrics/${NO}/`, expect: crm(404) },
  // Content resources (tests/api/crm-content.test.ts): robots is the administrators' only.
  { method: "GET", path: "/api/v2/crm/faq/questions/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/faq/questions/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/faq/questions/", body: { faq_question: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/faq/questions/${NO}/`, body: { faq_question: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/faq/questions/${NO}/`, body: { faq_question: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/faq/questions/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/faq/articles/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/faq/articles/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/faq/articles/", body: { faq_article: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/faq/articles/${NO}/`, body: { faq_article: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/faq/articles/${NO}/`, body: { faq_article: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/faq/articles/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/ep_docs/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/ep_docs/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/ep_docs/", body: { ep_doc: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/ep_docs/${NO}/`, body: { ep_doc: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/ep_docs/${NO}/`, body: { ep_doc: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/ep_docs/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/pages/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/pages/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/pages/", body: { page: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/pages/${NO}/`, body: { page: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/pages/${NO}/`, body: { page: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/pages/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/posts/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/posts/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/posts/", body: { post: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/posts/${NO}/`, body: { post: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/posts/${NO}/`, body: { post: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/posts/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/post/sources/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/post/sources/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/post/sources/", body: { post_source: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/post/sources/${NO}/`, body: { post_source: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/post/sources/${NO}/`, body: { post_source: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/post/sources/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/marketing/page_banners/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/marketing/page_banners/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/marketing/page_banners/", body: { page_banner: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/marketing/page_banners/${NO}/`, body: { page_banner: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/marketing/page_banners/${NO}/`, body: { page_banner: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/marketing/page_banners/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/marketing/page_settings/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/marketing/page_settings/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/marketing/page_settings/", body: { page_setting: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/marketing/page_settings/${NO}/`, body: { page_setting: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/marketing/page_settings/${NO}/`, body: { page_setting: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/marketing/page_settings/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/marketing/robots/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/marketing/robots/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/marketing/robots/", body: { robots: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/marketing/robots/${NO}/`, body: { robots: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/marketing/robots/${NO}/`, body: { robots: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/marketing/robots/${NO}/`, expect: crm(404) },
  // The operator's requisites, one record, administrators only (tests/api/requisites.test.ts).
  { method: "GET", path: "/api/v2/crm/requisites/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/requisites/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/requisites/", body: { requisites: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/requisites/${NO}/`, body: { requisites: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/requisites/${NO}/`, body: { requisites: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/requisites/${NO}/`, expect: crm(404) },
  { method: "GET", path: "/api/v2/crm/gallery/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/gallery/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/gallery/", body: { gallery_image: {} }, expect: crm(422) },
  { method: "PUT", path: `/api/v2/crm/gallery/${NO}/`, body: { gallery_image: {} }, expect: crm(404) },
  { method: "PATCH", path: `/api/v2/crm/gallery/${NO}/`, body: { gallery_image: {} }, expect: crm(404) },
  { method: "DELETE", path: `/api/v2/crm/gallery/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/files/", body: {}, expect: crm(400) },
  { method: "GET", path: `/uploads/files/${"0".repeat(32)}.pdf`, expect: all(404) },
  { method: "GET", path: "/api/v1/no_such_call/", expect: all(404) },
  // The roles by hand (administrators only; content; the visitors' requests), and the audit log.
  { method: "GET", path: "/api/v2/crm/admin_users/", expect: crmRoles(200, ["admin"]) },
  { method: "GET", path: "/api/v2/crm/faq/rubrics/", expect: crmRoles(200, ["admin", "editor"]) },
  { method: "GET", path: "/api/v2/crm/feedbacks/", expect: crmRoles(200, ["admin", "editor", "operator"]) },
  { method: "GET", path: "/api/v2/crm/current_admin/", expect: crmRoles(200, ADMIN_ROLES) },
  { method: "GET", path: "/api/v2/crm/audit_log/", expect: crmRoles(200, ["admin"]) },
  { method: "GET", path: `/api/v2/crm/audit_log/${NO}/`, expect: crmRoles(404, ["admin"]) },
  { method: "POST", path: "/api/v2/crm/audit_log/", body: {}, expect: crmRoles(405, ["admin"]) },
  { method: "PUT", path: `/api/v2/crm/audit_log/${NO}/`, body: {}, expect: crmRoles(405, ["admin"]) },
  { method: "PATCH", path: `/api/v2/crm/audit_log/${NO}/`, body: {}, expect: crmRoles(405, ["admin"]) },
  { method: "DELETE", path: `/api/v2/crm/audit_log/${NO}/`, expect: crmRoles(405, ["admin"]) },
  // The catalogue (docs/catalogue.md; tests/api/catalogue-*.test.ts): public reads, a partner's client's request, the CRM's catalogue (admin and editor) and partner requests (every role reads).
  { method: "GET", path: "/api/v1/uc/options/", expect: all(200) },
  { method: "GET", path: "/api/v1/uc/options/?kind=car", expect: all(422) },
  { method: "GET", path: "/api/v1/uc/options/grouped/", expect: all(200) },
  { method: "GET", path: `/api/v1/uc/options/${NO}/`, expect: all(404) },
  { method: "GET", path: "/api/v1/uc/tariffs/", expect: all(200) },
  { method: "GET", path: `/api/v1/uc/tariffs/${NO}/`, expect: all(404) },
  { method: "GET", path: "/api/v1/uc/platforms/?group=gov", expect: all(200) },
  { method: "GET", path: `/api/v1/uc/platforms/${NO}/`, expect: all(404) },
  { method: "GET", path: "/api/v2/companies/default/", expect: all(200) },
  { method: "GET", path: "/api/v2/companies/no-such-company/", expect: all(404) },
  { method: "GET", path: "/api/v2/companies/default/branches/?city=moskva", expect: all(200) },
  { method: "GET", path: "/api/v1/findelivery_cities/?query=мос", expect: all(200) },
  { method: "GET", path: "/api/v1/uc/partners/", expect: all(200) },
  { method: "GET", path: `/api/v1/uc/partners/${NO}/`, expect: all(404) },
  { method: "POST", path: `/api/v1/uc/partners/${NO}/requests/`, body: {}, expect: all(404) },
  { method: "POST", path: "/api/v1/uc/partners/1/requests/", body: {}, expect: all(422) },
  ...["tariffs", "tariff_options", "option_groups", "platforms", "offices", "partners"].flatMap((name): Row[] => [
    { method: "GET", path: `/api/v2/crm/${name}/`, expect: crmRoles(200, CONTENT_ROLES) },
    { method: "GET", path: `/api/v2/crm/${name}/${NO}/`, expect: crmRoles(404, CONTENT_ROLES) },
    { method: "POST", path: `/api/v2/crm/${name}/`, body: {}, expect: crmRoles(422, CONTENT_ROLES) },
    { method: "PUT", path: `/api/v2/crm/${name}/${NO}/`, body: {}, expect: crmRoles(404, CONTENT_ROLES) },
    { method: "PATCH", path: `/api/v2/crm/${name}/${NO}/`, body: {}, expect: crmRoles(404, CONTENT_ROLES) },
    { method: "DELETE", path: `/api/v2/crm/${name}/${NO}/`, expect: crmRoles(404, CONTENT_ROLES) },
  ]),
  { method: "GET", path: "/api/v2/crm/partner_requests/", expect: crmRoles(200, REQUEST_ROLES) },
  { method: "GET", path: `/api/v2/crm/partner_requests/${NO}/`, expect: crmRoles(404, REQUEST_ROLES) },
  { method: "POST", path: "/api/v2/crm/partner_requests/", body: {}, expect: crmRoles(405, REQUEST_ROLES) },
  { method: "PUT", path: `/api/v2/crm/partner_requests/${NO}/`, body: {}, expect: crmRoles(405, REQUEST_ROLES) },
  { method: "PATCH", path: `/api/v2/crm/partner_requests/${NO}/`, body: {}, expect: crmRoles(405, REQUEST_ROLES) },
  { method: "DELETE", path: `/api/v2/crm/partner_requests/${NO}/`, expect: crmRoles(405, REQUEST_ROLES) },
  // Payments (tests/api/payments-*.test.ts check the owner, another customer and the amounts).
  { method: "POST", path: "/api/v1/uc/payments/", body: {}, expect: site(401, 422, 422, 401) },
  { method: "POST", path: "/api/v1/uc/payments/", body: { order_id: NO, method: "card" }, expect: site(401, 404, 404, 401) },
  { method: "GET", path: `/api/v1/uc/payments/${NO}/`, expect: all(404) },
  { method: "POST", path: "/api/v1/uc/payments/notifications/", body: {}, expect: all(422) },
  { method: "GET", path: `/api/v1/uc/payment_gateway/${NO}/`, expect: all(404) },
  { method: "POST", path: `/api/v1/uc/payment_gateway/${NO}/`, body: { action: "pay" }, expect: all(404) },
  // The account's services (tests/api/{consultations,representatives,claims,licences}.test.ts check owners one by one).
  { method: "POST", path: "/api/v1/uc/consultations/", body: {}, expect: all(422) },
  { method: "GET", path: "/api/v2/crm/consultations/", expect: crm(200) },
  { method: "GET", path: `/api/v2/crm/consultations/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/consultations/", body: {}, expect: crm(405) },
  { method: "PUT", path: `/api/v2/crm/consultations/${NO}/`, body: {}, expect: crm(405) },
  { method: "PATCH", path: `/api/v2/crm/consultations/${NO}/`, body: {}, expect: crm(405) },
  { method: "DELETE", path: `/api/v2/crm/consultations/${NO}/`, expect: crm(405) },
  { method: "GET", path: "/api/v1/lk/representatives/", expect: site(401, 403, 200, 401) },
  { method: "POST", path: "/api/v1/lk/representatives/", body: {}, expect: site(401, 403, 422, 401) },
  { method: "GET", path: `/api/v1/lk/representatives/${NO}/`, expect: site(401, 403, 404, 401) },
  { method: "PUT", path: `/api/v1/lk/representatives/${NO}/`, body: {}, expect: site(401, 403, 404, 401) },
  { method: "DELETE", path: `/api/v1/lk/representatives/${NO}/`, expect: site(401, 403, 404, 401) },
  { method: "POST", path: `/api/v1/lk/representatives/${NO}/confirm_phone/`, body: {}, expect: site(401, 403, 404, 401) },
  { method: "POST", path: "/api/v1/phone_codes/", body: { purpose: "representative", representative_id: NO }, expect: site(401, 403, 404, 401) },
  { method: "POST", path: () => `/api/v1/uc/leads/${userOrderId}/finish/`, body: {}, expect: site(401, 422, 404, 401) },
  { method: "GET", path: () => `/api/v1/uc/leads/${userOrderId}/claims/`, expect: site(401, 200, 404, 401) },
  { method: "POST", path: `/api/v1/uc/leads/${NO}/finish/`, body: {}, expect: site(401, 404, 404, 401) },
  { method: "GET", path: "/api/v1/lk/licenses/", expect: site(401, 200, 200, 401) },
  { method: "POST", path: `/api/v1/lk/licenses/${NO}/confirm/`, body: {}, expect: site(401, 404, 404, 401) },
  { method: "GET", path: `/api/v1/lk/licenses/${NO}/download/`, expect: site(401, 404, 404, 401) },
  // Validation (public; tests/api/svs.test.ts checks the reports).
  { method: "POST", path: "/api/v1/svs/certificates/validate/", body: {}, expect: all(422) },
  { method: "POST", path: "/api/v1/svs/signatures/validate/", body: {}, expect: all(422) },
  // The trust list: administrators and operators read it, administrators upload (not multipart here: 400).
  { method: "GET", path: "/api/v2/crm/trust_roots/", expect: crmRoles(200, ["admin", "operator"]) },
  { method: "GET", path: `/api/v2/crm/trust_roots/${NO}/`, expect: crmRoles(404, ["admin", "operator"]) },
  { method: "POST", path: "/api/v2/crm/trust_roots/", body: {}, expect: crmRoles(405, ["admin", "operator"]) },
  { method: "PUT", path: `/api/v2/crm/trust_roots/${NO}/`, body: {}, expect: crmRoles(405, ["admin", "operator"]) },
  { method: "PATCH", path: `/api/v2/crm/trust_roots/${NO}/`, body: {}, expect: crmRoles(405, ["admin", "operator"]) },
  { method: "DELETE", path: `/api/v2/crm/trust_roots/${NO}/`, expect: crmRoles(405, ["admin", "operator"]) },
  { method: "POST", path: "/api/v2/crm/trust_roots/upload/", body: {}, expect: crmRoles(400, ["admin"]) },
  // The МЧД registry (docs/epoa.md; tests/api/epoa.test.ts checks another director and the roles' uploads):
  // public searches behind the captcha (none here: 422), the revoked list and the sample; a director's own company's МЧД
  // (level 2; a JSON body is no multipart form: 400); the CRM's 'МЧД' for operators and administrators.
  { method: "POST", path: "/api/v1/epoa/search/principal/", body: {}, expect: all(422) },
  { method: "POST", path: "/api/v1/epoa/search/representative/", body: {}, expect: all(422) },
  { method: "GET", path: "/api/v1/epoa/revoked/", expect: all(200) },
  { method: "GET", path: "/api/v1/epoa/revoked/?page=0", expect: all(422) },
  { method: "GET", path: "/api/v1/epoa/sample.xml", expect: all(200) },
  { method: "GET", path: "/api/v1/lk/epoas/", expect: site(401, 403, 200, 401) },
  { method: "POST", path: "/api/v1/lk/epoas/", body: {}, expect: site(401, 403, 400, 401) },
  { method: "POST", path: `/api/v1/lk/epoas/${"0".repeat(32)}/revoke/`, body: {}, expect: site(401, 403, 404, 401) },
  { method: "GET", path: "/api/v2/crm/epoas/", expect: crmRoles(200, ["admin", "operator"]) },
  { method: "GET", path: `/api/v2/crm/epoas/${NO}/`, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/epoas/", body: {}, expect: crm(405) },
  { method: "PUT", path: `/api/v2/crm/epoas/${NO}/`, body: {}, expect: crm(405) },
  { method: "PATCH", path: `/api/v2/crm/epoas/${NO}/`, body: {}, expect: crm(405) },
  { method: "DELETE", path: `/api/v2/crm/epoas/${NO}/`, expect: crm(405) },
  { method: "POST", path: `/api/v2/crm/epoas/${NO}/revoke/`, body: { action: "revoke", note: "Отзыв" }, expect: crm(404) },
  { method: "POST", path: "/api/v2/crm/epoas/upload/", body: {}, expect: crm(400) },
  { method: "GET", path: `/api/v2/crm/epoas/${NO}/xml/`, expect: crm(404) },
  { method: "GET", path: `/api/v2/crm/epoas/${NO}/sig/`, expect: crm(404) },
  // The browsers' CSP reports (anyone may send one; counted, never stored).
  { method: "POST", path: "/api/csp-report", body: {}, expect: all(204) },
  // The API's description and its viewer (public).
  { method: "GET", path: "/api/openapi.json", expect: all(200) },
  { method: "GET", path: "/api/docs", expect: all(200) },
  ...["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png", "docs-init.js"].map((file): Row => ({ method: "GET", path: `/api/docs/assets/${file}`, expect: all(200), asset: true })),
  ...mechanismRows,
]

const api = serverWithAdmin()
let fixture: Fixture
const cached = new Map<Role, string | undefined>()

async function newToken(role: Role): Promise<string | undefined> {
  switch (role) {
    case "anonymous":
      return undefined
    case "user":
      return (await signInUser(api.url, DEMO_USER.email)).jwt
    case "director":
      return directorToken(api.url, api.dataDir)
    case "admin":
      return adminToken(api.url)
    case "editor":
    case "operator":
    case "accountant":
      return roleToken(api.url, cached.get("admin") ?? (await adminToken(api.url)), role)
  }
}

beforeAll(async () => {
  for (const role of ROLES) cached.set(role, await newToken(role))
  const admin = cached.get("admin")!
  const menu = await call<List>(api.url, "GET", "/api/v2/crm/menu_items/", { token: admin })
  const cities = await call<List>(api.url, "GET", "/api/v2/crm/cities/", { token: admin })
  const me = await call<{ data: { id: string } }>(api.url, "GET", "/api/v2/crm/current_admin/", { token: admin })
  const companies = await call<List>(api.url, "GET", "/api/v1/lk/legal_person/", { token: cached.get("director") })
  fixture = {
    menuItemId: menu.body.data[0]!.id,
    cityId: cities.body.data[0]!.id,
    citySlug: String(cities.body.data[0]!.attributes.slug),
    adminId: me.body.data.id,
    legalPersonId: companies.body.data[0]!.id,
  }
})
/** A draft order of the demo user (the wizard's API rows). */
let userOrderId = ""
beforeAll(async () => {
  const draft = await call<{ data: { id: string } }>(api.url, "POST", "/api/v1/uc/leads/", { token: cached.get("user"), json: { applicant_kind: "individual_person", last_name: "Иванов" } })
  userOrderId = draft.body.data.id
})

/** The figures docs/production.md quotes ("Hostile input"): checks made (rows × callers), the ones that got another status, the routes declared. */
const tally = { checks: 0, mismatches: 0, routes: 0 }
afterAll(() => {
  console.log(`access matrix: ${tally.routes} routes (${rows.length} rows) × ${ROLES.length} roles = ${tally.checks} checks, ${tally.mismatches} mismatches`)
})

describe("access matrix", () => {
  const label = (r: Row) => `${r.method} ${typeof r.path === "string" ? r.path : r.path.toString().replace(/^.*=>\s*`?|`$/g, "")}`
  it.each(rows.map((r) => [label(r), r] as const))("%s", async (_name, row) => {
    const path = typeof row.path === "string" ? row.path : row.path(fixture)
    const got: Record<string, number> = {}
    const want: Record<string, number> = {}
    for (const role of ROLES) {
      const token = row.fresh ? await newToken(role) : cached.get(role)
      const ans = row.asset
        ? await fetch(api.url + path, { method: row.method, headers: token ? { authorization: `Bearer ${token}` } : {} }).then(async (r) => ({ status: r.status, body: await r.arrayBuffer() }))
        : await call(api.url, row.method, path, { token, ...(row.body !== undefined ? { json: row.body } : {}) })
      got[role] = ans.status
      want[role] = expected(row, path, role)
      tally.checks++
      if (got[role] !== want[role]) tally.mismatches++
      if (ans.status === 401 || ans.status === 403) expect((ans.body as { error?: unknown }).error, `${role}: ${path}`).toEqual(expect.any(String))
    }
    expect(got).toEqual(want)
  })

  it("covers every route the server declares", async () => {
    const declared = new Set(
      // Every parameter as `:id` (`/leads/:id/documents/:doc_id`), as `normalize` writes a concrete path.
      (await mountedApiRoutes(api.dataDir)).map((r) => `${r.method} ${r.path.replace(/:[a-z_]+\??/g, ":id")}`),
    )
    // A concrete path as the route pattern it hits: a last segment that is an id or a slug becomes `:id`.
    const normalize = (p: string) => {
      const path = p.replace(/\?.*$/, "").replace(/\/$/, "")
      const last = path.slice(path.lastIndexOf("/") + 1)
      // An id inside the path too (`/leads/{id}/submit`).
      // The company of `/api/v2/companies/{company}/` (a code, `default` for the configured one) is a parameter too.
      const inner = path.replace(/\/\d+(?=\/)/g, "/:id").replace(/^\/api\/v2\/companies\/[^/]+/, "/api/v2/companies/:id")
      // The account's list by status (`/lk/leads/{status}`): its status is a parameter too.
      if (/\/lk\/leads\/[a-z_]+$/.test(path) && last !== "item") return path.replace(/[^/]+$/, ":id")
      return /^\d+$/.test(last) || last === fixture.citySlug || last === "no-such-city" ? inner.replace(/[^/]+$/, ":id") : inner
    }
    const covered = new Set(rows.map((r) => `${r.method} ${normalize(typeof r.path === "string" ? r.path : r.path(fixture))}`))
    const missing = [...declared].filter((d) => !covered.has(d))
    tally.routes = declared.size
    expect(missing).toEqual([])
  })
})
