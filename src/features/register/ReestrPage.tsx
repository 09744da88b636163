import { useMemo, useState } from "react"
import { Link } from "wouter"
import { shortDay } from "../../../schemas/dates.ts"
import type { PublicCertificate } from "../../../schemas/entities/certificate.ts"
import { reestr_search_frm } from "../../../schemas/forms/reestr_search_frm.ts"
import type { FormPreset, FormValues } from "../../../schemas/forms/types.ts"
import type { SubmitFailure } from "../../../machines/form.machine.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { registerMessages } from "../../../schemas/messages/register.ts"
import { Facts } from "../../ui/Facts.tsx"
import * as pageCss from "../../ui/page.css.ts"
import { pushAlert } from "../alerts/index.ts"
import { Form } from "../forms/index.ts"
import { type RegisterAnswer, searchRegister } from "./register-api.ts"
import * as css from "./reestr.css.ts"

const t = registerMessages.page
const day = (iso: string | null | undefined) => (iso ? shortDay(iso) : null)

/** Field errors of a 422 stay next to the fields (the captcha's too); any other failure is told in an alert. */
function reportFailure(error: SubmitFailure) {
  if (error.status !== 422) pushAlert({ text: error.message, apiError: true })
}

function Certificate({ c }: { c: PublicCertificate }) {
  const a = c.attributes
  const term = a.terminated
  return (
    <article className={css.card} aria-labelledby={`cert-${c.id}`}>
      <h2 className={css.cardTitle} id={`cert-${c.id}`}>
        {t.serial}: {a.serial}
      </h2>
      <p>
        {t.status}: <span className={css.status[a.status]}>{a.status_label}</span>
        {term && (term.kind === "revoked" ? ` ${day(term.at)}` : ` (${t.expired})`)}
        {a.status === "suspended" && a.suspended_at ? ` ${t.from} ${day(a.suspended_at)}` : ""}
      </p>
      <Facts
        items={[
          [t.validity, `${t.from} ${day(a.not_before)} ${t.to} ${day(a.not_after)}`],
          ...(term?.kind === "revoked" ? ([[t.reason, term.reason]] as const) : []),
          [t.owner, a.owner_name],
          [t.organization, a.organization],
          [t.inn, a.inn],
          [t.ogrn, a.ogrn],
          [t.issuer, a.issuer],
        ]}
      />
      <p>
        <a href={a.download_url} download={`${a.serial}.cer`}>
          {t.download}
        </a>
      </p>
    </article>
  )
}

/** The search's value fields by `search_by` choice; the chosen one alone is shown. */
const KEY_FIELDS: Readonly<Record<string, string>> = { serial: "serial_number", inn: "inn", ogrn: "ogrn", snils: "snils" }

/** reestr_search_frm with the one number field of the chosen search (the others are not asked, as their rules say). */
function presetFor(by: string): FormPreset {
  const own = KEY_FIELDS[by]
  return {
    ...reestr_search_frm,
    fields: reestr_search_frm.fields
      .filter((f) => !Object.values(KEY_FIELDS).includes(f.name) || f.name === own)
      .map((f) => (f.name === "search_by" ? { ...f, handlers: { change: "searchBy" } } : f)),
  }
}

/** The search starts by the serial number. */
const FIRST_VALUES: FormValues = { search_by: "serial" }

/**
 * /reestr (docs/register.md): the CA's register of certificates, searched with
 * reestr_search_frm behind the captcha: by the serial number or the owner's INN, OGRN or SNILS. Each
 * certificate found shows its status, validity, owner (a person's name masked), issuer and the .cer.
 */
export function ReestrPage() {
  const [answer, setAnswer] = useState<RegisterAnswer | null>(null)
  const [by, setBy] = useState("serial")
  const preset = useMemo(() => presetFor(by), [by])
  const handlers = useMemo(() => ({ searchBy: ({ payload }: { payload?: unknown }) => setBy(String(payload ?? "")) }), [])
  return (
    <div className={css.page}>
      <h1 className={pageCss.title}>{messages.pages.reestr}</h1>
      <p className={pageCss.lead}>{t.lead}</p>
      <p className={css.aside}>
        <Link href="/uc_repository">{t.repositoryLink}</Link>
      </p>
      <Form
        id="reestr-search"
        preset={preset}
        values={FIRST_VALUES}
        handlers={handlers}
        submit={searchRegister}
        // A fresh form with what was typed: the captcha was used up by the search.
        startOver="typed"
        onSubmitted={(output) => setAnswer(output as RegisterAnswer)}
        onFailed={reportFailure}
        aria-label={t.title}
      />
      {answer && (
        <section className={css.results} aria-live="polite" aria-label={t.title}>
          <p role="status">{answer.data.length === 0 ? t.none : t.found(answer.data.length)}</p>
          {answer.data.map((c) => (
            <Certificate key={c.id} c={c} />
          ))}
          {answer.more && <p className={css.note}>{t.more}</p>}
        </section>
      )}
    </div>
  )
}
