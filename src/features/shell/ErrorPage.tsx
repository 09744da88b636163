import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { buttonClass } from "../../ui/Button.tsx"
import * as css from "../../ui/page.css.ts"
import { documentTitle } from "../../ui/page-title.ts"

const e = messages.errors

function textsOf(status: number): { title: string; lead: string } {
  if (status === 404) return { title: e.notFound, lead: e.notFoundLead }
  if (status === 403) return { title: e.forbidden, lead: e.forbiddenLead }
  if (status >= 500) return { title: e.serverError, lead: e.serverErrorLead }
  return { title: e.other, lead: e.otherLead }
}

const HELPFUL = [
  { href: "/contacts", name: e.contacts },
  { href: "/faq", name: e.faq },
  { href: "/office", name: e.offices },
  { href: "/buy", name: e.buy },
] as const

/** The error page of SPEC.md section 2: its message by status, with links that help further. */
export function ErrorPage({ status }: { status: number }) {
  const { title, lead } = textsOf(status)
  return (
    <>
      <title>{documentTitle(title)}</title>
      <p className={css.status}>{e.code(status)}</p>
      <h1 className={css.title}>{title}</h1>
      <p className={css.lead}>{lead}</p>
      <h2 className={css.sectionTitle}>{e.helpful}</h2>
      <ul className={css.linkList}>
        {HELPFUL.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className={buttonClass("secondary")}>
              {l.name}
            </Link>
          </li>
        ))}
        <li>
          <Link href="/" className={buttonClass("primary")}>
            {e.home}
          </Link>
        </li>
      </ul>
    </>
  )
}
