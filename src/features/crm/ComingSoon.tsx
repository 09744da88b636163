import { messages } from "../../../schemas/messages.ts"
import type { AdminLink } from "./admin-menu.ts"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"

/** A section of the admin menu that is not built yet: said plainly, no fake data. */
export function ComingSoon({ section }: { section: AdminLink }) {
  return (
    <section aria-labelledby="crm-soon-title">
      <PageTitle title={section.label} />
      <h1 id="crm-soon-title" className={css.title}>
        {section.label}
      </h1>
      <p className={css.lead}>{messages.admin.comingSoon(section.label)}</p>
    </section>
  )
}
