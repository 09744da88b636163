import { Link } from "wouter"
import { messages } from "../../../schemas/messages.ts"
import { documentTitle } from "../shell/page-titles.ts"
import * as pages from "../shell/pages.css.ts"
import * as css from "./account.css.ts"

const a = messages.access

/** /account/representative: the list is empty until the ordering issue adds representatives. */
export function RepresentativesPage() {
  return (
    <>
      <title>{documentTitle(a.representatives)}</title>
      <Link href="/account" className={css.back}>
        ← {a.backToAccount}
      </Link>
      <h1 className={pages.title}>{a.representatives}</h1>
      <section className={css.panel} aria-label={a.representatives}>
        <p className={css.empty}>{a.noRepresentatives}</p>
        <p className={css.muted}>{a.representativesLead}</p>
      </section>
    </>
  )
}
