import { useId, useState } from "react"
import type { Failure } from "../../../../machines/failure.ts"
import { identityCheckMessages } from "../../../../schemas/messages/identity-check.ts"
import type { CheckItemState, IdentityItem, Precheck } from "../../../../schemas/identity-check.ts"
import { when } from "../../../../schemas/resources/orders/labels.ts"
import { Button } from "../../../ui/Button.tsx"
import * as field from "../../../ui/field.css.ts"
import { useAction } from "../../../ui/flows/use-action.ts"
import { useLoad } from "../../../ui/flows/use-load.ts"
import { pushAlert } from "../../alerts/index.ts"
import { confirmCheckItem, loadCheck, recordIdentification } from "./identity-check-calls.ts"
import * as css from "./order-desk.css.ts"

const t = identityCheckMessages

const mark = (p: Precheck) => (p.ok === true ? { sign: "✓", className: css.ok } : p.ok === false ? { sign: "✗", className: css.failed } : { sign: "?", className: css.unknown })

/** While a change is saved the box stays enabled (a disabled box would drop the keyboard's focus); a second press waits. */
function CheckItem({ state, open, busy, onToggle }: { readonly state: CheckItemState; readonly open: boolean; readonly busy: boolean; readonly onToggle: (confirmed: boolean) => void }) {
  const id = useId()
  return (
    <li className={css.item}>
      <div>
        <h3 className={css.itemTitle}>{state.label}</h3>
        <label className={field.checkRow} htmlFor={id}>
          <input id={id} type="checkbox" className={field.checkbox} checked={state.confirmed !== null} disabled={!open} onChange={(e) => !busy && onToggle(e.currentTarget.checked)} aria-describedby={`${id}-by`} />
          {t.confirmOf(state.label)}
        </label>
        <p id={`${id}-by`} className={css.muted}>
          {state.confirmed ? t.confirmedBy(state.confirmed.admin_email, when(state.confirmed.confirmed_at)) : t.notConfirmed}
        </p>
      </div>
      <div>
        <p className={css.muted}>
          {t.registryLabel}: {state.registry.text}
        </p>
        {state.prechecks.length > 0 && (
          <>
            <h4 className={css.muted}>{t.prechecks}</h4>
            <ul className={css.checks}>
              {state.prechecks.map((p) => {
                const m = mark(p)
                return (
                  <li key={p.label}>
                    <span className={m.className} aria-hidden="true">
                      {m.sign}
                    </span>{" "}
                    {p.label}: <span className={m.className}>{p.text}</span>
                  </li>
                )
              })}
            </ul>
          </>
        )}
      </div>
    </li>
  )
}

type Change = { readonly kind: "item"; readonly item: IdentityItem; readonly confirmed: boolean } | { readonly kind: "identification"; readonly officeId: number }

/** What a refused or failed save says: a 422's messages, else the server's `message` error, else 'Не удалось сохранить'. */
const refusalsOf = (error: Failure): string[] =>
  error.status === 422 && error.details ? Object.values(error.details).flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)])) : [String(error.details?.message ?? t.errors.saveFailed)]

const alertFailure = (error: Failure) => pushAlert({ tone: "error", text: refusalsOf(error)[0] ?? t.errors.saveFailed })

/**
 * The identity check (63-ФЗ, ст. 18): each document confirmed by the operator beside the server's
 * pre-checks and the state registry's answer, then the in-person identification at an office.
 */
export function IdentityCheck({ apiPath, orderId, onChanged, recordOnly = false }: { readonly apiPath: string; readonly orderId: string; readonly onChanged: () => void; readonly recordOnly?: boolean }) {
  const loaded = useLoad({ apiPath, orderId }, (k) => loadCheck(k.apiPath, k.orderId).then((r) => r.data))
  // A toggled item or the identification: one save at a time, its answer the check as it now stands.
  const saving = useAction(
    async (change: Change) => ({
      change,
      check: (await (change.kind === "item" ? confirmCheckItem(apiPath, orderId, change.item, change.confirmed) : recordIdentification(apiPath, orderId, change.officeId))).data,
    }),
    {
      onDone: ({ change }) => {
        if (change.kind !== "identification") return
        pushAlert({ tone: "success", text: t.identification.saved })
        onChanged()
      },
      // A refusal is listed under the form and alerted too, as any other failure.
      onFailure: alertFailure,
      onRefused: alertFailure,
    },
  )
  // The office picked; until then the order's own.
  const [picked, setOffice] = useState<string | null>(null)
  const officeId = useId()

  if (loaded.state === "failed") return <p role="alert">{t.errors.loadFailed}</p>
  if (loaded.state === "loading") return null
  const state = saving.output?.check ?? loaded.value
  const office = picked ?? (loaded.value.default_office_id === null ? "" : String(loaded.value.default_office_id))
  const busy = saving.busy
  const refusals = (saving.refused || saving.failed) && saving.error ? refusalsOf(saving.error) : []
  // A cancelled order shows the check only as a record of what was done: an empty checklist there is noise.
  if (recordOnly && !state.identification && state.items.every((i) => i.confirmed === null)) return null
  const allConfirmed = state.items.every((i) => i.confirmed !== null)
  return (
    <section aria-labelledby="identity-check-title" className={css.block}>
      <h2 id="identity-check-title">{t.title}</h2>
      <p className={css.lead}>{t.intro}</p>
      <ul className={css.items}>
        {state.items.map((item) => (
          <CheckItem key={item.item} state={item} open={state.open} busy={busy} onToggle={(confirmed) => saving.run({ kind: "item", item: item.item, confirmed })} />
        ))}
      </ul>
      <h3>{t.identification.title}</h3>
      {state.identification ? (
        <p>{t.identification.recorded(state.identification.admin_email, `${state.identification.office_name}, ${state.identification.office_address}`, when(state.identification.identified_at))}</p>
      ) : state.open ? (
        <form
          className={css.form}
          onSubmit={(e) => {
            e.preventDefault()
            // A second submit while it saves is dropped by the machine.
            if (office) saving.run({ kind: "identification", officeId: Number(office) })
          }}
        >
          <div className={field.field}>
            <label htmlFor={officeId} className={field.label}>
              {t.identification.office}
            </label>
            <select id={officeId} className={field.control} value={office} onChange={(e) => setOffice(e.currentTarget.value)} required>
              <option value="">{t.identification.officePlaceholder}</option>
              {state.offices.map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.name}, {o.address}
                </option>
              ))}
            </select>
          </div>
          {!allConfirmed && (
            <p id={`${officeId}-hint`} className={css.muted}>
              {t.identification.needsItems}
            </p>
          )}
          {refusals.length > 0 && (
            <ul role="alert" className={field.error}>
              {refusals.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
          <div>
            <Button type="submit" variant="primary" disabled={busy || !allConfirmed || !office} aria-describedby={allConfirmed ? undefined : `${officeId}-hint`}>
              {t.identification.record}
            </Button>
          </div>
        </form>
      ) : (
        <p className={css.muted}>{t.errors.closed}</p>
      )}
    </section>
  )
}
