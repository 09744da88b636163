import { useSearch } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { useSession } from "../session/index.ts"
import * as pages from "../../ui/page.css.ts"
import * as css from "./account.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { Facts } from "../../ui/Facts.tsx"
import { formatPhone } from "../../ui/phone.ts"
import { accountQuery } from "./query.ts"
import { AccountOrders } from "./AccountOrders.tsx"
import { AccountCertificateLinks, ExpiryBanner } from "../certificates/index.ts"

const a = messages.access

/**
 * /account: the user's data, the certificates' links, then the orders list (status filter and page in
 * the address). The director's sections are in the account's navigation (AccountNav) above every page.
 */
export function AccountPage() {
  const { user } = useSession()
  const { page, state } = accountQuery(useSearch())
  return (
    <>
      <h1 className={pages.title}>{messages.pages.account}</h1>
      <ExpiryBanner />
      <section className={panel.panel} aria-labelledby="account-data">
        <h2 id="account-data" className={panel.panelTitle}>
          {a.accountData}
        </h2>
        <Facts
          items={[
            [a.fullname, user?.fullname],
            [a.email, user?.email],
            [a.phone, formatPhone(user?.mobile_phone)],
          ]}
        />
      </section>
      <ul className={css.links}>
        <AccountCertificateLinks />
      </ul>
      <AccountOrders page={page} state={state} />
    </>
  )
}
