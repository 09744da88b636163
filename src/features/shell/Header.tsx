import { Link } from "wouter"
import { messages } from "../../../schemas/messages.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { UserBlock } from "../auth/index.ts"
import { useModals } from "../modals/index.ts"
import { container } from "../../ui/layout.css.ts"
import { BurgerMenu } from "./BurgerMenu.tsx"
import { CitySelector } from "./CitySelector.tsx"
import * as css from "./header.css.ts"
import { HeaderNav } from "./HeaderNav.tsx"
import { LoadingBar } from "./LoadingBar.tsx"
import { type SiteData, telHref } from "./site-data.ts"

/** The site header: region, hotline, support e-mail, feedback, sign-in, and the server menu. */
export function Header({ data }: { data: SiteData }) {
  const { phone, email } = data
  const { openOffer } = useModals()
  return (
    <header className={css.header}>
      <LoadingBar />
      <div className={css.utility}>
        <div className={[container, css.utilityRow].join(" ")}>
          <CitySelector />
          <span className={css.spacer} />
          {phone && (
            <span className={css.contact}>
              <span className={css.contactLabel}>{messages.shell.hotline}</span>
              <a href={telHref(phone)} className={css.phone}>
                {phone}
              </a>
            </span>
          )}
          {email && (
            <span className={[css.contact, css.wide].join(" ")}>
              <span className={css.contactLabel}>{messages.shell.supportEmail}</span>
              <a href={`mailto:${email}`}>{email}</a>
            </span>
          )}
          <Button variant="secondary" className={css.wide} onClick={() => openOffer("question")}>
            {messages.forms.askQuestion}
          </Button>
          <Link href="/feedback" className={[buttonClass("secondary"), css.wide].join(" ")}>
            {messages.shell.feedback}
          </Link>
          <UserBlock className={[css.signIn, css.wide].join(" ")} />
        </div>
      </div>
      <div className={[container, css.mainRow].join(" ")}>
        <Link href="/" className={css.brand}>
          <span className={css.brandMark} aria-hidden="true">
            УЦ
          </span>
          <span className={css.brandText}>
            <span className={css.brandName}>{messages.shell.brand}</span>
            <span className={css.brandNote}>{messages.shell.brandNote}</span>
          </span>
        </Link>
        <HeaderNav items={data.menu.top} />
        <BurgerMenu
          items={data.menu.top}
          extras={(close) => (
            <>
              {email && (
                <span className={css.contact}>
                  <span className={css.contactLabel}>{messages.shell.supportEmail}</span>
                  <a href={`mailto:${email}`}>{email}</a>
                </span>
              )}
              <Button
                variant="secondary"
                onClick={() => {
                  close()
                  openOffer("question")
                }}
              >
                {messages.forms.askQuestion}
              </Button>
              <Link href="/feedback" className={buttonClass("secondary")} onClick={close}>
                {messages.shell.feedback}
              </Link>
              <UserBlock before={close} />
            </>
          )}
        />
      </div>
    </header>
  )
}
