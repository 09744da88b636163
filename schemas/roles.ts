/**
 * The CRM's roles: 'Администратор' may do everything; 'Редактор' the site's content (no
 * administrators, no robots, no audit log); 'Оператор УЦ' the visitors' requests, the orders,
 * certificates and powers of attorney — none of the content; 'Бухгалтер' the orders' list and pages,
 * read-only, and the money marked by hand on them — no content, identity checks, issuing or
 * certificates (docs/decisions.md). A resource declares which roles may use it (`roles`, default
 * `CONTENT_ROLES`); the server answers 403 to the others.
 */
export const ADMIN_ROLES = ["admin", "editor", "operator", "accountant"] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]

export const adminRoleLabels: Readonly<Record<AdminRole, string>> = {
  admin: "Администратор",
  editor: "Редактор",
  operator: "Оператор УЦ",
  accountant: "Бухгалтер",
}

/** The default of a declaration: the site's content. */
export const CONTENT_ROLES: readonly AdminRole[] = ["admin", "editor"]
/** What only administrators open: the administrators, robots, the audit log. */
export const ADMIN_ONLY: readonly AdminRole[] = ["admin"]
/** What visitors sent (requests, feedback, appeals): read by every role. */
export const REQUEST_ROLES: readonly AdminRole[] = ["admin", "editor", "operator"]
/**
 * The work on the customers' orders: their moves but money, the scans, the identity check,
 * issuing, certificates and powers of attorney: the CA's operators and administrators.
 */
export const ORDER_ROLES: readonly AdminRole[] = ["admin", "operator"]
/** Who opens 'Заказы' (the list, an order's page, its counts): the order's workers and the accountant, who reads them for the money. */
export const ORDER_VIEW_ROLES: readonly AdminRole[] = ["admin", "operator", "accountant"]
/**
 * Who records money by hand (an invoice paid by bank transfer, docs/payments.md): the administrators
 * and the accountant. 'Оператор УЦ' checks documents and identities and never says money arrived; the
 * accountant makes no other move of an order (a paid order's cancel with its refund is the operator's:
 * it ends the work on the order, and the refund follows from it).
 */
export const PAYMENT_ROLES: readonly AdminRole[] = ["admin", "accountant"]

export const isAdminRole = (value: unknown): value is AdminRole => typeof value === "string" && (ADMIN_ROLES as readonly string[]).includes(value)

/** Whether a role may use something open to `roles`. */
export const allows = (roles: readonly AdminRole[], role: AdminRole | undefined): boolean => role !== undefined && roles.includes(role)

/**
 * Who must sign in to the CRM with a one-time code when STAFF_TOTP=required (docs/auth.md, "Staff second
 * factor"): the administrators (they hold every key), the CA's operators (they issue and revoke
 * certificates and read the applicants' documents) and the accountant (they say money arrived, which
 * moves an order to its work). 'Редактор' edits public content: offered, not required.
 */
export const TOTP_REQUIRED_ROLES: readonly AdminRole[] = ["admin", "operator", "accountant"]
