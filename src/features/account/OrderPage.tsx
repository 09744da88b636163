import { dayTime, shortDay } from "../../../schemas/dates.ts"
import { Link } from "wouter"
import { accountMessages as m } from "../../../schemas/messages/account.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { paymentMessages } from "../../../schemas/messages/payment.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { Facts } from "../../ui/Facts.tsx"
import { documentTitle } from "../../ui/page-title.ts"
import * as pages from "../../ui/page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { PaymentChoice } from "../payments/index.ts"
import { ErrorPage } from "../shell/index.ts"
import * as css from "./account.css.ts"
import { type ActionApi, useAction } from "../../ui/flows/use-action.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { LoadFailure, Loading } from "./LoadState.tsx"
import { AfterPayment } from "./AfterPayment.tsx"
import { ORDER_BLOCKS } from "./order-blocks.ts"
import { cancelOrder, downloadOrderDocument, type OrderView, readOrder } from "./orders-api.ts"

/**
 * /account/orders/{id} (account-orders-id): one order of the customer — status and its hint, the
 * data, what can be done now (edit while editable, cancel before payment, pay while payable), what
 * happens next after the submit (the office, the documents to bring, the scans, the certificate), the
 * documents, the payments, the history, then the blocks other features add (order-blocks.ts).
 * Another customer's order is the 404 page.
 */
export function OrderPage({ params }: { params: { readonly id?: string } }) {
  const id = params.id ?? ""
  const loaded = useLoad(id, readOrder)
  if (loaded.state === "failed" && (loaded.error.status === 404 || loaded.error.status === 403)) return <ErrorPage status={loaded.error.status} />
  const title = m.orderTitle(id)
  return (
    <>
      <title>{documentTitle(title)}</title>
      <Link href="/account" className={css.back}>
        ← {m.backToOrders}
      </Link>
      <h1 className={pages.title}>{title}</h1>
      {loaded.state === "loading" && <Loading />}
      {loaded.state === "failed" && <LoadFailure error={loaded.error} />}
      {loaded.state === "ready" && <OrderDetails view={loaded.value} reload={loaded.reload} />}
    </>
  )
}

const money = paymentMessages.balance

/** A refused cancellation says why under `status` (the order moved on meanwhile); another failure by its message. */
function cancelFailure(c: ActionApi<string, unknown>): string | null {
  if (!(c.failed || c.refused) || !c.error) return null
  const status = c.error.details?.status
  return Array.isArray(status) && typeof status[0] === "string" ? status[0] : c.error.message
}

function OrderDetails({ view, reload }: { view: OrderView; reload: () => void }) {
  const a = view.data.attributes
  const b = view.balance
  const cancellation = useAction(cancelOrder, { confirm: true, onDone: reload })
  const downloading = useAction(downloadOrderDocument)
  // The latest of the two failures is shown: starting one clears the other's.
  const failure = cancelFailure(cancellation) ?? (downloading.failed ? m.downloadFailed : null)
  // The customer's scans are listed under their fields in 'Сканы документов' (AfterPayment).
  const documents = view.documents.filter((d) => d.kind !== "upload")
  const download = (doc: (typeof view.documents)[number]) => {
    cancellation.reset()
    downloading.run(doc)
  }
  return (
    <>
      <section className={panel.panel} aria-labelledby="order-status">
        <h2 id="order-status" className={panel.panelTitle} data-status={a.status}>
          {a.status_label}
        </h2>
        <p className={panel.muted}>{a.status_hint}</p>
        <Facts
          items={[
            [m.created, dayTime(a.created_at)],
            [m.applicant, a.title],
            [m.tariff, a.tariff_name],
            // The money: the price as it stands, what payments brought and what goes back, what is still due.
            [money.price, formatRubles(b.price)],
            [money.paid, b.paid > 0 ? formatRubles(b.paid) : null],
            [money.refunded, b.refunded > 0 ? formatRubles(b.refunded) : null],
            [money.due, b.paid > 0 || a.payable ? formatRubles(b.due) : null],
            [m.identification, a.identification ? (m.identifications[a.identification] ?? a.identification) : null],
          ]}
        />
      </section>
      {failure && (
        <p className={css.empty} role="alert">
          {failure}
        </p>
      )}
      {(a.editable || a.cancellable) && (
        <div className={css.actions}>
          {a.editable && (
            <Link href={`/orders/${view.data.id}/edit`} className={buttonClass("primary")}>
              {m.edit}
            </Link>
          )}
          {a.cancellable && (
            <Button
              variant="secondary"
              onClick={() => {
                downloading.reset()
                cancellation.run(view.data.id)
              }}
            >
              {m.cancel}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={cancellation.confirming || cancellation.busy}
        title={m.cancel}
        description={m.cancelQuestion(a.number)}
        confirmLabel={m.cancelYes}
        cancelLabel={m.cancelNo}
        busy={cancellation.busy}
        onConfirm={cancellation.confirm}
        onCancel={cancellation.cancel}
      />
      {/* PaymentChoice is its own section with its heading (src/features/payments). */}
      {a.payable && b.due > 0 && <PaymentChoice orderId={view.data.id} amount={b.due} />}
      <AfterPayment lead={view.data} />
      <section className={panel.panel} aria-labelledby="order-documents">
        <h2 id="order-documents" className={panel.panelTitle}>
          {m.documents}
        </h2>
        {documents.length === 0 ? (
          <p className={panel.muted}>{m.documentsEmpty}</p>
        ) : (
          <ul className={css.history}>
            {documents.map((doc) => (
              <li key={doc.id}>
                <Button variant="secondary" onClick={() => download(doc)} aria-label={m.download(doc.title)}>
                  {doc.title}
                </Button>{" "}
                <span className={panel.term}>{shortDay(doc.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {view.payments.length > 0 && (
        <section className={panel.panel} aria-labelledby="order-payments">
          <h2 id="order-payments" className={panel.panelTitle}>
            {m.payments}
          </h2>
          <ul className={css.history}>
            {view.payments.map((p, i) => (
              <li key={i}>
                {dayTime(p.created_at)} — {m.provider[p.provider] ?? p.provider}, {formatRubles(p.amount)}: {m.paymentStatus[p.status] ?? p.status}
                {p.refunded > 0 ? `, ${money.refundedPayment(formatRubles(p.refunded))}` : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className={panel.panel} aria-labelledby="order-history">
        <h2 id="order-history" className={panel.panelTitle}>
          {m.history}
        </h2>
        {view.events.length === 0 ? (
          <p className={panel.muted}>{m.historyEmpty}</p>
        ) : (
          <ol className={css.history}>
            {view.events.map((e, i) => (
              <li key={i}>
                <time dateTime={e.created_at}>{dayTime(e.created_at)}</time> — <strong>{e.to_label}</strong> ({m.actor[e.actor] ?? e.actor})
                {e.note ? `: ${e.note}` : ""}
              </li>
            ))}
          </ol>
        )}
      </section>
      {ORDER_BLOCKS.map((Block, i) => (
        <Block key={i} orderId={Number(view.data.id)} status={a.status} reload={reload} />
      ))}
    </>
  )
}
