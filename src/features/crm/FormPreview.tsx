import { Link } from "wouter"
import { presets } from "../../../schemas/forms/index.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { pushAlert } from "../alerts/index.ts"
import type { FieldOptionsBySource, FormPreset } from "../../../schemas/forms/types.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { Form } from "../forms/index.ts"
import type { HostHandlers } from "../forms/index.ts"
import { useSiteHandlers } from "../requests/index.ts"
import { CrmErrorPage as ErrorPage } from "./CrmErrorPage.tsx"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"
import { loadPreviewSources } from "./preview-sources.ts"

const presetOf = (id: string): FormPreset | undefined => (Object.hasOwn(presets, id) ? presets[id] : undefined)

/** The choice lists of the preset's sources the site has (none for an unknown preset: its page is the 404). */
const readSources = (id: string): Promise<FieldOptionsBySource> => {
  const preset = presetOf(id)
  return preset ? loadPreviewSources(preset) : Promise.resolve({})
}

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

/**
 * /crm/forms/{preset}: one preset rendered by the form engine, as a visitor would see it, with the
 * choice lists the site has read through the load machine, per preset.
 */
export function FormPreview({ params }: { params: { readonly id?: string } }) {
  const id = params.id ?? ""
  const preset = presetOf(id)
  const siteHandlers = useSiteHandlers()
  // The form shows with no lists until they are read (a list that fails stays empty); another preset's
  // are read behind the lists shown, which are the same sources' (cities, menu items).
  const sources = useLoad(id, readSources, { keepShown: true })
  const options = sources.state === "ready" ? sources.value : undefined
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
