import { useEffect, useState } from "react"
import { Link } from "wouter"
import { presets } from "../../../schemas/forms/index.ts"
import { messages } from "../../../schemas/messages.ts"
import { pushAlert } from "../alerts/index.ts"
import type { FieldOptionsBySource, FormPreset } from "../../../schemas/forms/types.ts"
import { Form } from "../forms/index.ts"
import type { HostHandlers } from "../forms/index.ts"
import { useSiteHandlers } from "../requests/index.ts"
import { CrmErrorPage as ErrorPage } from "./CrmErrorPage.tsx"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"
import { loadPreviewSources } from "./preview-sources.ts"

/** A preview validates like the real form and sends nothing anywhere. */
const validateOnly = async () => undefined

/**
 * The site's own handlers run in the preview (the policy, a company filling the INN); an action of
 * the page that hosts the form (saving an order draft, sending an SMS code) is named, not run.
 */
function previewHandlers(preset: FormPreset, siteHandlers: HostHandlers): HostHandlers {
  const named = preset.fields.flatMap((f) => Object.values(f.handlers ?? {}))
  const pageActions = Object.fromEntries(
    named.filter((n) => !(n in siteHandlers)).map((n) => [n, () => pushAlert({ text: messages.forms.previewAction(n), tone: "info" })]),
  )
  return { ...pageActions, ...siteHandlers }
}

/** /crm/forms/{preset}: one preset rendered by the form engine, as a visitor would see it. */
export function FormPreview({ params }: { params: { readonly id?: string } }) {
  const id = params.id ?? ""
  const preset = Object.hasOwn(presets, id) ? presets[id] : undefined
  const siteHandlers = useSiteHandlers()
  const [options, setOptions] = useState<FieldOptionsBySource | undefined>(undefined)
  useEffect(() => {
    if (preset) void loadPreviewSources(preset).then(setOptions)
  }, [preset])
  if (!preset) return <ErrorPage status={404} />
  const title = messages.forms.previewOf(preset.id)
  return (
    <section aria-labelledby="crm-form-title">
      <PageTitle title={title} />
      <Link href="/crm/forms" className={css.back}>
        {messages.forms.previewBack}
      </Link>
      <h1 id="crm-form-title" className={css.title}>
        {title}
      </h1>
      <p className={css.lead}>{messages.forms.previewLead}</p>
      <Form
        key={preset.id}
        id={`preview-${preset.id}`}
        preset={preset}
        options={options}
        submit={validateOnly}
        handlers={previewHandlers(preset, siteHandlers)}
        onSubmitted={() => pushAlert({ text: messages.forms.previewValid, tone: "success" })}
        aria-labelledby="crm-form-title"
      />
    </section>
  )
}
