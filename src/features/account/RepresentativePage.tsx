import { Link, useLocation } from "wouter"
import { representativeMessages as m } from "../../../schemas/messages/services.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx"
import { Facts } from "../../ui/Facts.tsx"
import * as form from "../../ui/form-page.css.ts"
import { documentTitle } from "../../ui/page-title.ts"
import * as pages from "../../ui/page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { formatPhone } from "../../ui/phone.ts"
import { deleteRepresentative, fullName, PhoneConfirmation, readRepresentative } from "../representatives/index.ts"
import { ErrorPage } from "../shell/index.ts"
import * as css from "./account.css.ts"
import { useAction } from "../../ui/flows/use-action.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { LoadFailure, Loading } from "./LoadState.tsx"

/**
 * /account/representative/{id} (director level): the representative's card — SNILS masked, the
 * phone's confirmation (by SMS code) — with 'Изменить' and 'Удалить'. Another's is not found.
 */
export function RepresentativePage({ params }: { params: { readonly id?: string } }) {
  const id = params.id ?? ""
  const [, navigate] = useLocation()
  const loaded = useLoad(id, readRepresentative)
  const removal = useAction(deleteRepresentative, { confirm: true, onDone: () => navigate("/account/representative", { replace: true }) })
  if (loaded.state === "failed" && (loaded.error.status === 404 || loaded.error.status === 403)) return <ErrorPage status={loaded.error.status} />
  const title = loaded.state === "ready" ? fullName(loaded.value) : m.card
  // The dialog stays until the list opens: a removed representative's page has nothing to show.
  const removing = removal.busy || removal.done
  return (
    <>
      <title>{documentTitle(title)}</title>
      <Link href="/account/representative" className={css.back}>
        ← {m.back}
      </Link>
      <h1 className={pages.title}>{title}</h1>
      {loaded.state === "loading" && <Loading />}
      {loaded.state === "failed" && <LoadFailure error={loaded.error} />}
      {(removal.failed || removal.refused) && removal.error && (
        <p className={form.problem} role="alert">
          {removal.error.message}
        </p>
      )}
      {loaded.state === "ready" && (
        <>
          <section className={panel.panel} aria-label={m.card}>
            <Facts
              items={[
                [m.legalPerson, loaded.value.legal_person_name],
                [m.position, loaded.value.position],
                [m.email, loaded.value.email],
                [m.phone, formatPhone(loaded.value.phone) ?? loaded.value.phone],
                [m.snils, loaded.value.snils_masked ?? m.notGiven],
              ]}
            />
            <p className={css.empty} role="status">
              {loaded.value.phone_confirmed ? m.phoneConfirmed : m.phoneNotConfirmed}
            </p>
            {!loaded.value.phone_confirmed && <PhoneConfirmation id={id} onConfirmed={loaded.reload} />}
          </section>
          <div className={form.actions}>
            <Link href={`/account/representative/${encodeURIComponent(id)}/edit`} className={buttonClass("primary")}>
              {m.edit}
            </Link>
            <Button variant="secondary" onClick={() => removal.run(id)}>
              {m.remove}
            </Button>
          </div>
          <ConfirmDialog
            open={removal.confirming || removing}
            title={m.remove}
            description={m.removeConfirm}
            confirmLabel={m.remove}
            cancelLabel={m.cancel}
            busy={removing}
            onConfirm={removal.confirm}
            onCancel={removal.cancel}
          />
        </>
      )}
    </>
  )
}
