import { messages } from "../../../schemas/messages.ts"
import { Button } from "../../ui/Button.tsx"
import { useModals } from "../modals/index.ts"
import * as css from "../../ui/page.css.ts"
import { telHref, useSiteData } from "./site-data.ts"

/** A section whose content is not published yet: its title, an honest notice and how to reach us. */
export function InfoPage({ title }: { title: string }) {
  const data = useSiteData()
  const { openOffer } = useModals()
  return (
    <>
      <h1 className={css.title}>{title}</h1>
      <div className={css.notice}>
        <p className={css.noticeText}>{messages.shell.preparing}</p>
        <dl className={css.contactList}>
          {data.phone && (
            <div>
              <dt className={css.contactTerm}>{messages.shell.hotline}</dt>
              <dd className={css.contactValue}>
                <a href={telHref(data.phone)}>{data.phone}</a>
              </dd>
            </div>
          )}
          {data.email && (
            <div>
              <dt className={css.contactTerm}>{messages.shell.emailLabel}</dt>
              <dd className={css.contactValue}>
                <a href={`mailto:${data.email}`}>{data.email}</a>
              </dd>
            </div>
          )}
        </dl>
        <Button variant="accent" onClick={() => openOffer("question")}>
          {messages.forms.askQuestion}
        </Button>
      </div>
    </>
  )
}
