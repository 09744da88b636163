import { useState } from "react"
import { EPOA_FORMATS, type EpoaModel, searchEpoaModels } from "../../../schemas/entities/epoa.ts"
import { epoaMessages } from "../../../schemas/messages/epoa.ts"
import { epoa_model_frm } from "../../../schemas/forms/epoa_model_frm.ts"
import type { FormValues } from "../../../schemas/forms/types.ts"
import * as pageCss from "../../ui/page.css.ts"
import { Form } from "../forms/index.ts"
import { SAMPLE_URL } from "./epoa-api.ts"
import * as css from "./epoa.css.ts"

const t = epoaMessages.pages
const FORMAT_OPTIONS = EPOA_FORMATS.map((f) => ({ value: f.value, label: f.label }))
const formatLabel = (v: string) => EPOA_FORMATS.find((f) => f.value === v)?.label ?? v

function Model({ model }: { model: EpoaModel }) {
  const id = `epoa-model-${model.id}`
  return (
    <article className={css.card} aria-labelledby={id}>
      <h3 className={css.cardTitle} id={id}>
        {model.name}
      </h3>
      <p>{model.description}</p>
      <p className={css.muted}>
        {t.authority}: {model.authority}. {t.modelFormat}: {formatLabel(model.format)}
      </p>
      <ul className={css.powers}>
        {model.powers.map((p) => (
          <li key={p.code}>
            {p.name} <span className={css.code}>({p.code})</span>
          </li>
        ))}
      </ul>
    </article>
  )
}

/**
 * /epoa/model: what an МЧД is and holds, its format versions and who accepts it, the sample XML (the
 * format EMCHD_1, passing the official XSD), and the models (the receiving authorities' sets of
 * powers) searched with epoa_model_frm by name or power code, filtered by format (source `epoa_formats`).
 */
export function EpoaModelPage() {
  const [query, setQuery] = useState<{ q: string; formats: readonly string[] }>({ q: "", formats: [] })
  const models = searchEpoaModels(query.q, query.formats)
  const submit = async (values: FormValues) => {
    setQuery({ q: String(values.q ?? ""), formats: Array.isArray(values.formats) ? (values.formats as string[]) : [] })
  }
  return (
    <div className={css.page}>
      <h1 className={pageCss.title}>{t.model}</h1>
      <p className={pageCss.lead}>{t.modelLead}</p>
      <section aria-labelledby="epoa-about">
        <h2 id="epoa-about" className={pageCss.sectionTitle}>
          {t.modelAbout}
        </h2>
        {t.modelText.map((p) => (
          <p key={p.slice(0, 24)}>{p}</p>
        ))}
        <p>
          <a href={SAMPLE_URL} download>
            {t.sample}
          </a>
        </p>
      </section>
      <section className={css.section} aria-labelledby="epoa-versions">
        <h2 id="epoa-versions" className={pageCss.sectionTitle}>
          {t.modelVersions}
        </h2>
        <p>{t.modelVersionsText}</p>
        <h2 className={pageCss.sectionTitle}>{t.modelWho}</h2>
        <p>{t.modelWhoText}</p>
      </section>
      <section className={css.section} aria-labelledby="epoa-models">
        <h2 id="epoa-models" className={pageCss.sectionTitle}>
          {t.modelSearch}
        </h2>
        <Form id="epoa-model" preset={epoa_model_frm} options={{ epoa_formats: FORMAT_OPTIONS }} submit={submit} aria-label={t.modelSearch} />
        <div className={css.results} aria-live="polite">
          <p role="status">{models.length === 0 ? t.modelsNone : t.total(models.length)}</p>
          {models.map((m) => (
            <Model key={m.id} model={m} />
          ))}
        </div>
      </section>
    </div>
  )
}
