import { useEffect, useState } from "react"
import { Link } from "wouter"
import { presets } from "../../../schemas/forms/index.ts"
import { messages } from "../../../schemas/messages.ts"
import { pushAlert } from "../alerts/alerts.ts"
import type { FieldOptionsBySource, FormPreset } from "../../../schemas/forms/types.ts"
import { Form } from "../forms/Form.tsx"
import type { HostHandlers } from "../forms/handlers.ts"
import { PolicyModal } from "../requests/PolicyModal.tsx"
import { siteHandlers } from "../requests/site-handlers.ts"
import { ErrorPage } from "../shell/ErrorPage.tsx"
import { loadSiteConfig, type SiteConfig } from "../shell/site-data.ts"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"
import { loadPreviewSources } from "./preview-sources.ts"

const noConfig: SiteConfig = { phone: null, email: null, operator: null }

/** A preview validates like the real form and sends nothing anywhere. */
const validateOnly = async () => undefined

/**
 * The site's own handlers run in the preview (the policy, a company filling the INN); an action of
 * the page that hosts the form (saving an order draft, sending an SMS code) is named, not run.
 */
function previewHandlers(preset: FormPreset): HostHandlers {
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
  const [config, setConfig] = useState(noConfig)
  const [options, setOptions] = useState<FieldOptionsBySource | undefined>(undefined)
  useEffect(() => {
    loadSiteConfig().then(setConfig, () => setConfig(noConfig))
  }, [])
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
        handlers={previewHandlers(preset)}
        onSubmitted={() => pushAlert({ text: messages.forms.previewValid, tone: "success" })}
        aria-labelledby="crm-form-title"
      />
      <PolicyModal config={config} />
    </section>
  )
}
