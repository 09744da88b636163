import type { MouseEvent } from "react"
import { Link } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
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

/** A plain click opens the modal instead of the page (a new tab or window still opens the page). */
const asModal = (open: () => void, before?: () => void) => (e: MouseEvent<HTMLAnchorElement>) => {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
  e.preventDefault()
  before?.()
  open()
}

/** The search's entry: a link to /search with a magnifier (keyboard-operable, no script of its own). */
function SearchLink({ className, onClick }: { className?: string | undefined; onClick?: (() => void) | undefined }) {
  return (
    <Link href="/search" className={[buttonClass("secondary"), className].filter(Boolean).join(" ")} onClick={onClick}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M11 11l4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {messages.search.open}
    </Link>
  )
}

/** The site header: region, hotline, support e-mail, search, feedback (a modal; /feedback without script), sign-in, and the server menu. */
export function Header({ data }: { data: SiteData }) {
  const { phone, email } = data
  const { openOffer, openFeedback } = useModals()
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
          <SearchLink className={css.wide} />
          <a href="/feedback" aria-haspopup="dialog" className={[buttonClass("secondary"), css.wide].join(" ")} onClick={asModal(openFeedback)}>
            {messages.shell.feedback}
          </a>
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
              <SearchLink onClick={close} />
              <a href="/feedback" aria-haspopup="dialog" className={buttonClass("secondary")} onClick={asModal(openFeedback, close)}>
                {messages.shell.feedback}
              </a>
              <UserBlock before={close} />
            </>
          )}
        />
      </div>
    </header>
  )
}
