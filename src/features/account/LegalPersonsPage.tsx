import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { ErrorPage } from "../shell/index.ts"
import * as pages from "../../ui/page.css.ts"
import * as css from "./account.css.ts"
import { Facts } from "../../ui/Facts.tsx"
import { useLoad } from "../../ui/flows/use-load.ts"
import { listLegalPersons } from "./legal-persons.ts"
import { LoadFailure, Loading } from "./LoadState.tsx"

const a = messages.access

/** /account/legal_person (account-legal_person, director level): the legal persons the user directs. */
export function LegalPersonsPage() {
  const loaded = useLoad("all", listLegalPersons)
  if (loaded.state === "failed" && loaded.error.status === 403) return <ErrorPage status={403} />
  return (
    <>
      <Link href="/account" className={css.back}>
        ← {a.backToAccount}
      </Link>
      <h1 className={pages.title}>{a.legalPersons}</h1>
      {loaded.state === "loading" && <Loading />}
      {loaded.state === "failed" && <LoadFailure error={loaded.error} />}
      {loaded.state === "ready" &&
        (loaded.value.length === 0 ? (
          <p className={css.empty}>{a.noLegalPersons}</p>
        ) : (
          <ul className={css.list}>
            {loaded.value.map((lp) => (
              <li key={lp.id} className={css.item}>
                <h2 className={css.itemTitle}>
                  <Link href={`/account/legal_person/${encodeURIComponent(lp.id)}`}>{lp.name}</Link>
                </h2>
                <Facts items={[[a.inn, lp.inn], [a.kpp, lp.kpp]]} />
              </li>
            ))}
          </ul>
        ))}
    </>
  )
}
