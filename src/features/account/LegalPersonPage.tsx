import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { ErrorPage } from "../shell/index.ts"
import { documentTitle } from "../../ui/page-title.ts"
import * as pages from "../../ui/page.css.ts"
import * as css from "./account.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { Facts } from "../../ui/Facts.tsx"
import { useLoad } from "../../ui/flows/use-load.ts"
import { readLegalPerson } from "./legal-persons.ts"
import { LoadFailure, Loading } from "./LoadState.tsx"

const a = messages.access

/** /account/legal_person/{id} (account-legal_person-id, director level): one legal person of the director. */
export function LegalPersonPage({ params }: { params: { readonly id?: string } }) {
  const id = params.id ?? ""
  const loaded = useLoad(id, () => readLegalPerson(id))
  if (loaded.state === "failed" && (loaded.error.status === 404 || loaded.error.status === 403)) return <ErrorPage status={loaded.error.status} />
  const title = loaded.state === "ready" ? loaded.value.name : a.legalPerson
  return (
    <>
      <title>{documentTitle(title)}</title>
      <Link href="/account/legal_person" className={css.back}>
        ← {a.backToLegalPersons}
      </Link>
      <h1 className={pages.title}>{title}</h1>
      {loaded.state === "loading" && <Loading />}
      {loaded.state === "failed" && <LoadFailure error={loaded.error} />}
      {loaded.state === "ready" && (
        <section className={panel.panel} aria-label={a.legalPerson}>
          <Facts items={[[a.inn, loaded.value.inn], [a.kpp, loaded.value.kpp], [a.ogrn, loaded.value.ogrn]]} />
        </section>
      )}
    </>
  )
}
