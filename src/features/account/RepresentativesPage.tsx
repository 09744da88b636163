import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { representativeMessages as m } from "../../../schemas/messages/services.ts"
import { buttonClass } from "../../ui/Button.tsx"
import { Facts } from "../../ui/Facts.tsx"
import * as pages from "../../ui/page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { formatPhone } from "../../ui/phone.ts"
import { fullName, listRepresentatives } from "../representatives/index.ts"
import { ErrorPage } from "../shell/index.ts"
import * as css from "./account.css.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { LoadFailure, Loading } from "./LoadState.tsx"

/** /account/representative (director level): the representatives of the director's legal persons. */
export function RepresentativesPage() {
  const loaded = useLoad("all", listRepresentatives)
  if (loaded.state === "failed" && loaded.error.status === 403) return <ErrorPage status={403} />
  return (
    <>
      <Link href="/account" className={css.back}>
        ← {messages.access.backToAccount}
      </Link>
      <h1 className={pages.title}>{m.title}</h1>
      <p className={panel.muted}>{m.lead}</p>
      <p>
        <Link href="/account/representative/new" className={buttonClass("primary")}>
          {m.add}
        </Link>
      </p>
      {loaded.state === "loading" && <Loading />}
      {loaded.state === "failed" && <LoadFailure error={loaded.error} />}
      {loaded.state === "ready" &&
        (loaded.value.length === 0 ? (
          <p className={css.empty}>{m.empty}</p>
        ) : (
          <ul className={css.list}>
            {loaded.value.map((r) => (
              <li key={r.id} className={css.item}>
                <h2 className={css.itemTitle}>
                  <Link href={`/account/representative/${encodeURIComponent(r.id)}`}>{fullName(r)}</Link>
                </h2>
                <Facts
                  items={[
                    [m.legalPerson, r.legal_person_name],
                    [m.position, r.position],
                    [m.phone, `${formatPhone(r.phone) ?? r.phone} — ${r.phone_confirmed ? m.phoneConfirmed : m.phoneNotConfirmed}`],
                  ]}
                />
              </li>
            ))}
          </ul>
        ))}
    </>
  )
}
