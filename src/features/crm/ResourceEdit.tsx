import { useEffect, useRef, useState } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link, useLocation } from "wouter"
import { fromPromise } from "xstate"
import { crmEditMachine, type FormValues, type LoadedForm, type Validation } from "../../../machines/crm-edit.machine.ts"
import { crmMessages } from "../../../schemas/messages/crm.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { validate } from "../../../schemas/validate.ts"
import { Button, buttonClass } from "../../ui/Button.tsx"
import { pushAlert } from "../alerts/index.ts"
import { CrmErrorPage as ErrorPage } from "./CrmErrorPage.tsx"
import { errorText, useApiErrorReporter } from "./api-errors.ts"
import { loadOptions, needsOptions, readRecord, saveRecord } from "./crm-api.ts"
import { swallowEnter } from "../forms/index.ts"
import * as formCss from "./form.css.ts"
import * as css from "./page.css.ts"
import { PageTitle } from "./PageTitle.tsx"
import { PresetFields } from "./PresetFields.tsx"
import { UnsavedPreview } from "./ResourcePreview.tsx"
import { UnsavedGuard } from "./UnsavedGuard.tsx"
import { changedFrom } from "./unsaved.ts"
import type { ResourceDeclaration } from "./resource.ts"

/**
 * The create and edit page of any declared resource, driven by crmEditMachine: the declaration's
 * preset draws the fields, and its input schema (the preset's rules) checks them before the API,
 * which checks with the same schema.
 */
export function ResourceEdit({ resource, params }: { resource: ResourceDeclaration; params: { readonly id?: string } }) {
  // A singleton's one record is the first (robots.txt, created by its migration).
  const id = params.id ?? (resource.singleton ? "1" : null)
  const [, navigate] = useLocation()
  const report = useApiErrorReporter()
  const edit = resource.edit!
  const preload = needsOptions(resource)
  const actor = useActorRef(
    crmEditMachine.provide({
      actors: {
        loadRecord: fromPromise<LoadedForm, { id: string | null }>(async ({ input }) => {
          const [record, options] = await Promise.all([
            input.id === null ? null : readRecord(resource, input.id),
            preload ? loadOptions(resource, input.id) : undefined,
          ])
          return { values: record ? edit.toForm(record) : undefined, options }
        }),
        validateForm: fromPromise<Validation, { values: FormValues }>(async ({ input }) => validate(edit.inputFor(id), edit.fromForm(input.values))),
        saveRecord: fromPromise<unknown, { id: string | null; payload: unknown }>(({ input }) => saveRecord(resource, input.id, input.payload)),
      },
      actions: {
        notifySaved: (_, { id: savedId }) => {
          pushAlert({ text: savedId === null ? messages.admin.created : messages.admin.saved, tone: "success" })
          // A singleton has no list: back to the dashboard.
          navigate(resource.singleton ? "/crm" : resource.routeBase)
        },
        reportError: (_, { error }) => report(error),
      },
    }),
    { input: { id, values: edit.empty, preload } },
  )
  const snapshot = useSelector(actor, (s) => s)
  const formRef = useRef<HTMLFormElement>(null)
  const invalid = snapshot.matches("invalid")
  const errorsShown = snapshot.context.errors
  useEffect(() => {
    // After a rejected submit the first invalid field takes the focus, so its message is read out.
    if (invalid) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [invalid, errorsShown])

  // What the form held when it opened: the guard asks before leaving only when something differs.
  const editing = !snapshot.matches("starting") && !snapshot.matches("loading") && !snapshot.matches("loadFailed")
  const [opened, setOpened] = useState<FormValues | null>(null)
  if (editing && opened === null) setOpened(snapshot.context.values)
  const dirty = opened !== null && !snapshot.matches("saved") && changedFrom(opened, snapshot.context.values)
  const [previewing, setPreviewing] = useState(false)

  const heading = id === null ? edit.newTitle : edit.editTitle
  if (snapshot.matches("loadFailed")) {
    const error = snapshot.context.error
    if (error?.status === 404) return <ErrorPage status={404} />
    return (
      <section aria-labelledby="crm-edit-title">
        <h1 id="crm-edit-title" className={css.title}>
          {heading}
        </h1>
        <div className={css.failure} role="alert">
          <p>{error ? errorText(error) : messages.admin.loadFailed}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: "RETRY" })}>
            {messages.admin.retry}
          </Button>
        </div>
      </section>
    )
  }
  const loading = snapshot.matches("loading") || snapshot.matches("starting")
  const submitting = snapshot.matches("submitting") || snapshot.matches("validating")
  const base = snapshot.context.errors.base
  return (
    <section aria-labelledby="crm-edit-title">
      <PageTitle title={heading} />
      <Link href={resource.routeBase} className={css.back}>
        ← {messages.admin.backToList}
      </Link>
      <div className={css.pageHeader}>
        <h1 id="crm-edit-title" className={css.title}>
          {heading}
        </h1>
        {resource.preview && !loading && (
          <Button variant="secondary" onClick={() => setPreviewing((p) => !p)}>
            {previewing ? crmMessages.backToEdit : crmMessages.preview}
          </Button>
        )}
      </div>
      <UnsavedGuard dirty={dirty} />
      {previewing && resource.preview && <UnsavedPreview resource={resource} values={edit.fromForm(snapshot.context.values)} />}
      {loading ? (
        <p className={css.status} role="status" aria-live="polite">
          {messages.admin.loading}
        </p>
      ) : (
        <form
          ref={formRef}
          // Hidden, not unmounted, during the preview: the editor keeps its place and its history.
          hidden={previewing}
          className={formCss.form}
          noValidate
          aria-busy={submitting}
          data-state={String(snapshot.value)}
          onKeyDown={swallowEnter}
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "SUBMIT" })
          }}
        >
          {base && base.length > 0 && (
            <p className={formCss.formError} role="alert">
              {base.join(" ")}
            </p>
          )}
          <PresetFields
            preset={edit.form}
            values={snapshot.context.values}
            errors={snapshot.context.errors}
            options={snapshot.context.options}
            disabled={submitting}
            onChange={(name, value) => actor.send({ type: "CHANGE", name, value })}
          />
          <div className={formCss.actions}>
            <Button type="submit" disabled={submitting} aria-busy={submitting}>
              {messages.admin.save}
            </Button>
            <Link href={resource.routeBase} className={buttonClass("secondary")}>
              {messages.admin.cancel}
            </Link>
          </div>
        </form>
      )}
    </section>
  )
}
