import type { Hono } from "hono"
import { orders } from "../../schemas/resources/orders/index.ts"
import { ORDER_ROLES } from "../../schemas/roles.ts"
import { assertRole } from "../lib/admin-auth.ts"
import type { Row, ServerHooks } from "../lib/crud.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { idParam, notFound } from "../lib/http.ts"
import { recordAudit } from "../lib/audit.ts"
import { foreignWrite, pageOrigin } from "../lib/same-origin.ts"
import { orderPage, viewable } from "../services/order-page.ts"
import { documentResponse, fileOf, mimeOf, orderParts, tariffNames } from "../services/order-views.ts"
import { balanceOf } from "../services/payments/balance.ts"
import { identityCheckRequired } from "../../schemas/identity-check.ts"
import { identityCheckComplete } from "../services/identity-check.ts"

/**
 * 'Заказы' in the CRM (schemas/resources/orders/): the list's tariff and customer e-mail, the
 * order's page (its data by the preset's labels, documents, payments, history). The staff's moves are
 * server/services/resource-hooks/order-moves.ts's hooks, merged over these in crm-resources.ts.
 */
export const orderHooks: ServerHooks = {
  serialize: async (db, rows: Row[]) => {
    const tariffs = await tariffNames(db, rows.map((r) => (r.tariff_id === null ? null : Number(r.tariff_id))))
    const userIds = [...new Set(rows.map((r) => Number(r.user_id)))]
    const users = userIds.length === 0 ? [] : await db.kysely.selectFrom("users").select(["id", "email"]).where("id", "in", userIds).execute()
    const emails = new Map(users.map((u) => [Number(u.id), u.email]))
    return rows.map((row) =>
      orders.serialize({ ...row, number: row.id, tariff_name: row.tariff_id === null ? null : (tariffs.get(Number(row.tariff_id)) ?? null), email: emails.get(Number(row.user_id)) ?? "" }),
    )
  },
  detail: async (db, row) => {
    const id = Number(row.id)
    const [parts, page] = await Promise.all([
      orderParts(db, id, (docId) => `${orders.apiPath}/${id}/documents/${docId}/`),
      orderPage(db, { id, preset: String(row.preset), applicant_kind: String(row.applicant_kind), data: String(row.data), option_ids: String(row.option_ids ?? "[]"), office_id: row.office_id === null || row.office_id === undefined ? null : Number(row.office_id) }),
    ])
    const checkRequired = identityCheckRequired(row.identification === null || row.identification === undefined ? null : String(row.identification))
    const shown = parts.documents.map(({ id: docId, kind, field, title, created_at, url, name, mime }) => ({ id: docId, kind, field, title, created_at, url, view_url: viewable(mime) ? `${url}?view=inline` : null, name, mime }))
    return {
      ...page,
      // The customer's scans are shown in place on the page's panel; the generated documents stay a list.
      documents: shown.filter((d) => d.kind !== "upload"),
      scans: shown.filter((d) => d.kind === "upload"),
      payments: parts.payments.map(({ provider, status, amount, refunded, created_at, paid_at, document_number, document_date }) => ({ provider, status, amount, refunded, created_at, paid_at, document_number, document_date })),
      // What staff check before marking an order paid: its price, what was paid and returned, what is due.
      balance: await balanceOf(db.kysely, id),
      // Whether 'Выпустить' may go ahead: the same rule register/issue.ts applies.
      identity_check: { required: checkRequired, complete: !checkRequired || (await identityCheckComplete(db, id)) },
      events: parts.events.map(({ from_status, to_status, actor, admin_email, note, created_at }) => ({ from_status, to_status, actor, admin_email, note, created_at })),
    }
  },
}

/**
 * A document of an order for staff (the roles of 'Заказы'); behind the CRM's administrator check.
 * `?view=inline` shows an image or a PDF in place (still under the sandbox policy that lets nothing in
 * it run); anything else is a download. Every view and download is written to the audit log before
 * a byte is sent: a file the log cannot record is not given.
 */
export function crmOrderDocumentRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.get(`${orders.apiPath}/:id/documents/:doc_id`, async (c) => {
    assertRole(c, orders.roles)
    // A customer's file opens from the CRM's own pages: a link on another site neither shows it nor writes the log.
    if (pageOrigin(c, deps.config) === "foreign") throw foreignWrite()
    const docId = c.req.param("doc_id")
    if (!/^[1-9]\d{0,9}$/.test(docId)) throw notFound()
    const orderId = idParam(c)
    const doc = await deps.db.kysely.selectFrom("order_documents").select(["id", "kind", "field", "title", "file"]).where("id", "=", Number(docId)).where("order_id", "=", orderId).executeTakeFirst()
    if (!doc) throw notFound()
    // The customer's scans (passport, SNILS) are the order's workers'; the accountant opens the invoices and acts.
    if (doc.kind === "upload") assertRole(c, ORDER_ROLES)
    const inline = c.req.query("view") === "inline" && viewable(mimeOf(doc.file))
    const response = await documentResponse(deps, orderId, Number(docId), { inline })
    const after = { document_id: Number(doc.id), kind: doc.kind, field: doc.field, title: doc.title, file_name: fileOf(doc.file).name, view: inline ? "inline" : "attachment" }
    try {
      await recordAudit(deps.db.kysely, c, [{ resource: orders.name, recordId: orderId, action: "download", after }])
    } catch (error) {
      await response.body?.cancel()
      throw error
    }
    return response
  })
}
