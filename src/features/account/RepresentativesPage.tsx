import { Link } from "wouter"
import { messages } from "../../../schemas/messages.ts"
import * as pages from "../../ui/page.css.ts"
import * as css from "./account.css.ts"
import * as panel from "../../ui/panel.css.ts"

const a = messages.access

/** /account/representative: the list is empty until the ordering issue adds representatives. */
export function RepresentativesPage() {
  return (
    <>
      <Link href="/account" className={css.back}>
        ← {a.backToAccount}
      </Link>
      <h1 className={pages.title}>{a.representatives}</h1>
      <section className={panel.panel} aria-label={a.representatives}>
        <p className={css.empty}>{a.noRepresentatives}</p>
        <p className={panel.muted}>{a.representativesLead}</p>
      </section>
    </>
  )
}
