/**
 * The CRM's roles (issue 9): 'Администратор' may do everything; 'Редактор' the site's content (no
 * administrators, no robots, no audit log); 'Оператор УЦ' the visitors' requests now and the orders,
 * certificates and powers of attorney later — none of the content. A resource declares which roles
 * may use it (`roles`, default `CONTENT_ROLES`); the server answers 403 to the others.
 */
export const ADMIN_ROLES = ["admin", "editor", "operator"] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]

export const adminRoleLabels: Readonly<Record<AdminRole, string>> = {
  admin: "Администратор",
  editor: "Редактор",
  operator: "Оператор УЦ",
}

/** The default of a declaration: the site's content. */
export const CONTENT_ROLES: readonly AdminRole[] = ["admin", "editor"]
/** What only administrators open: the administrators, robots, the audit log. */
export const ADMIN_ONLY: readonly AdminRole[] = ["admin"]
/** What visitors sent (requests, feedback, appeals): read by every role. */
export const REQUEST_ROLES: readonly AdminRole[] = ["admin", "editor", "operator"]
/** The customers' orders (issue 10, 'Заказы'): the CC's operators and administrators. */
export const ORDER_ROLES: readonly AdminRole[] = ["admin", "operator"]
/**
 * Who records money by hand (an invoice paid by bank transfer, docs/payments.md): the administrators only.
 * 'Оператор УЦ' checks documents and identities and never says money arrived; the CA's accountant
 * signs in as an administrator until a role of its own exists.
 */
export const PAYMENT_ROLES: readonly AdminRole[] = ["admin"]

export const isAdminRole = (value: unknown): value is AdminRole => typeof value === "string" && (ADMIN_ROLES as readonly string[]).includes(value)

/** Whether a role may use something open to `roles`. */
export const allows = (roles: readonly AdminRole[], role: AdminRole | undefined): boolean => role !== undefined && roles.includes(role)

/**
 * Who must sign in to the CRM with a one-time code when STAFF_TOTP=required (docs/auth.md, "Staff second
 * factor"): the administrators (they hold every key) and the CA's operators (they issue and revoke
 * certificates and read the applicants' documents). 'Редактор' edits public content: offered, not required.
 */
export const TOTP_REQUIRED_ROLES: readonly AdminRole[] = ["admin", "operator"]
