import { shortDay } from "../../../schemas/dates.ts"
import { useState } from "react"
import { dssMessages as d, certificateMessages as m } from "../../../schemas/messages/certificates.ts"
import { dss_user_deeplink_frm } from "../../../schemas/forms/dss_user_deeplink_frm.ts"
import * as pages from "../../ui/page.css.ts"
import * as panel from "../../ui/panel.css.ts"
import { formatPhone } from "../../ui/phone.ts"
import { Form } from "../forms/index.ts"
import { useSession } from "../session/index.ts"
import { ErrorPage } from "../shell/index.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { useResendDelay } from "../../ui/flows/use-resend-delay.ts"
import { smsMessages } from "../../../schemas/messages/sms.ts"
import { alertFailure } from "../password/index.ts"
import { type DssProfile, readDssProfile, sendDssLink } from "./certificates-api.ts"
import * as css from "./certificates.css.ts"

/** Opens the myDSS app: the browser follows the deep link (the phone hands it to the app). */
export function openDssDeeplink(link: string): void {
  window.location.assign(link)
}

/**
 * /mydss/profile/{id}: the customer's cloud-signature profile — the certificates whose keys CryptoPro DSS
 * holds, the deep link for the myDSS app, the same link as a QR code, and dss_user_deeplink_frm (the link
 * by SMS; 'Открыть в приложении myDSS'). Its owner's only: the route needs a session (anonymous → the
 * sign-in with the way back) and the API answers anyone else 404, shown as the 404 page. Never indexed.
 */
export function DssProfilePage({ params }: { params: { readonly id?: string } }) {
  const id = params.id ?? ""
  const loaded = useLoad(id, () => readDssProfile(id))
  if (loaded.state === "failed" && loaded.error.status === 404) return <ErrorPage status={404} />
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className={pages.title}>{d.title}</h1>
      <p className={panel.muted}>{d.lead}</p>
      {loaded.state === "loading" && (
        <p className={panel.muted} role="status" aria-live="polite">
          {d.loading}
        </p>
      )}
      {loaded.state === "failed" && <p role="alert">{loaded.error.message}</p>}
      {loaded.state === "ready" && <Profile profile={loaded.value} />}
    </>
  )
}

function Profile({ profile }: { profile: DssProfile }) {
  const { user } = useSession()
  const [sent, setSent] = useState<string | null>(null)
  const delay = useResendDelay()
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(profile.qr_svg)}`
  return (
    <>
      <section className={panel.panel} aria-labelledby="dss-certificates">
        <h2 id="dss-certificates" className={panel.panelTitle}>
          {d.certificates}
        </h2>
        {profile.certificates.length === 0 ? (
          <p className={panel.muted} role="status">
            {d.empty}
          </p>
        ) : (
          <ul className={css.list} aria-label={d.certificates}>
            {profile.certificates.map((c) => (
              <li key={c.id} className={css.card}>
                <h3 className={css.cardTitle}>{c.attributes.owner}</h3>
                <dl className={panel.facts}>
                  <div className={panel.pair}>
                    <dt className={panel.term}>{m.status}</dt>
                    <dd className={panel.value}>{c.attributes.status_label}</dd>
                  </div>
                  <div className={panel.pair}>
                    <dt className={panel.term}>{m.validity}</dt>
                    <dd className={panel.value}>
                      {shortDay(c.attributes.not_before)} — {shortDay(c.attributes.not_after)}
                    </dd>
                  </div>
                  <div className={panel.pair}>
                    <dt className={panel.term}>{m.serial}</dt>
                    <dd className={panel.value}>{c.attributes.serial}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={panel.panel} aria-labelledby="dss-link">
        <h2 id="dss-link" className={panel.panelTitle}>
          {d.deeplink}
        </h2>
        <img className={css.qr} src={qr} alt={d.qr} width={220} height={220} />
        <p className={panel.muted}>{d.qrHint}</p>
        <p className={css.deeplink}>
          <a href={profile.deeplink}>{profile.deeplink}</a>
        </p>
        {sent && (
          <p className={css.ok} role="status">
            {d.sent(sent)}
          </p>
        )}
        <Form
          id="dss-deeplink"
          preset={dss_user_deeplink_frm}
          values={{ phone: formatPhone(user?.mobile_phone) ?? "" }}
          submit={(values) => delay.track(sendDssLink(profile.id)(values))}
          // After a send (or a refusal), 'Отправить ссылку' waits out the resend delay with the time left.
          fieldStates={delay.waiting ? { submit: delay.button(undefined, smsMessages.resendLinkIn) } : undefined}
          onFailed={(error) => error.status !== 422 && alertFailure(error)}
          handlers={{ openDssDeeplink: () => openDssDeeplink(profile.deeplink) }}
          onSubmitted={(output) => setSent((output as { phone: string }).phone)}
          aria-label={d.deeplink}
        />
      </section>
    </>
  )
}
