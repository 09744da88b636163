import { moscowYear } from "../../../schemas/dates.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { container } from "../../ui/layout.css.ts"
import * as css from "./footer.css.ts"
import { NavLink } from "./NavLink.tsx"
import { type SiteData, telHref } from "./site-data.ts"

function LinkColumn({ title, links }: { title: string; links: readonly { id: string; name: string; url: string }[] }) {
  if (links.length === 0) return null
  return (
    <nav aria-label={title}>
      <h2 className={css.heading}>{title}</h2>
      <ul className={css.list}>
        {links.map((l) => (
          <li key={l.id}>
            <NavLink href={l.url} className={css.link}>
              {l.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The footer: the server's footer menu, document and partner-service links, contacts, copyright. */
export function Footer({ data }: { data: SiteData }) {
  return (
    <footer className={css.footer}>
      <div className={container}>
        <div className={css.columns}>
          <LinkColumn title={messages.shell.footerMenu} links={data.menu.bottom} />
          <LinkColumn title={messages.shell.footerDocuments} links={data.documents} />
          <LinkColumn title={messages.shell.footerPartners} links={data.partners} />
          <div className={css.contacts}>
            <h2 className={css.heading}>{messages.errors.contacts}</h2>
            {data.phone && (
              <a href={telHref(data.phone)} className={css.phone}>
                {data.phone}
              </a>
            )}
            {data.email && <a href={`mailto:${data.email}`}>{data.email}</a>}
          </div>
        </div>
        <p className={css.copyright}>{messages.shell.copyright(moscowYear())}</p>
      </div>
    </footer>
  )
}
