import { Suspense } from "react"
import { Link } from "wouter"
import type { WizardValues } from "../../../machines/order-wizard.machine.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { signUpMessages as t } from "../../../schemas/messages/sign-up.ts"
import * as panel from "../../ui/panel.css.ts"
import { SignUpForm } from "../auth/index.ts"
import { withoutCheck } from "./draft-cookie.ts"
import { bodyOf } from "./orders-api.ts"

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "")

/** What the order already says of the visitor: the applicant's name and the order's contacts. */
export function signUpPrefill(values: WizardValues): Record<string, string> {
  const fullname = [values.last_name, values.first_name, values.middle_name].map(text).filter(Boolean).join(" ")
  return Object.fromEntries(
    Object.entries({ fullname, email: text(values.email), mobile_phone: text(values.phone) }).filter(([, v]) => v !== ""),
  )
}

/**
 * The review's sign-up for an anonymous visitor: the account is made with the order as its draft, and
 * the confirmation link leads back to this review (on this device or another).
 */
export function ReviewSignUp({ values, returnTo, signIn }: { values: WizardValues; returnTo: string; signIn: string }) {
  return (
    <section className={panel.panel} aria-labelledby="review-sign-up">
      <h2 id="review-sign-up" className={panel.panelTitle}>
        {t.orderTitle}
      </h2>
      {/* The form's code loads with its first use: the review stays in place meanwhile. */}
      <Suspense fallback={<p role="status">{messages.access.loading}</p>}>
        <SignUpForm
          returnTo={returnTo}
          order={bodyOf(withoutCheck(values))}
          prefill={signUpPrefill(values)}
          label={t.orderTitle}
          intro={
            <p className={panel.muted}>
              {t.orderLead} {t.haveAccount} <Link href={signIn}>{t.signIn}</Link>
            </p>
          }
        />
      </Suspense>
    </section>
  )
}
