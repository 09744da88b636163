import { useActorRef } from "@xstate/react"
import { useCallback, useMemo, useState } from "react"
import { Link, useLocation, useSearch } from "wouter"
import { fromPromise, waitFor } from "xstate"
import { draftSaveMachine } from "../../../machines/draft-save.machine.ts"
import { ORDER_STEPS, type OrderStep, orderWizardMachine, type WizardValues } from "../../../machines/order-wizard.machine.ts"
import { presetIdOf } from "../../../schemas/entities/order.ts"
import { order_check } from "../../../schemas/forms/order_check.ts"
import type { FieldOption, FormPreset, FormValues } from "../../../schemas/forms/types.ts"
import { formatRubles } from "../../../schemas/money.ts"
import { orderMessages } from "../../../schemas/messages/order.ts"
import { pushAlert } from "../alerts/index.ts"
import { Form, type HostHandlers } from "../forms/index.ts"
import { PaymentChoice } from "../payments/index.ts"
import { useSiteHandlers } from "../requests/index.ts"
import { useSession } from "../session/index.ts"
import * as pages from "../../ui/page.css.ts"
import { Button } from "../../ui/Button.tsx"
import { findDeliveryCities, livePrice, loadCatalogue, sourcesOf } from "./orders-api.ts"
import { stepPreset } from "./steps.ts"
import { DocumentsList } from "./OrderSummary.tsx"
import { OrderReview } from "./OrderReview.tsx"
import { HolderRuleNotice, holderStep, holderValues } from "./holder-rule-view.tsx"
import * as css from "./wizard.css.ts"
import { forgetDraft, loadDraft, REVIEW_PATH, writeDraft } from "./wizard-storage.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { ReviewSignUp } from "./ReviewSignUp.tsx"
import { CHECK_REMEMBERED, tariffStepFor } from "./wizard-presets.ts"
import { failureText, submitOrder } from "./wizard-submit.ts"
import { useSnapshotInTransition, useStepFocus } from "./wizard-view.ts"

const w = orderMessages.wizard
const NO_CITIES: readonly FieldOption[] = []
const SIGN_IN = `/users/sign_in?redirectTo=${encodeURIComponent("/orders/edit")}`

/**
 * /orders/new, /orders/edit, /orders/{id}/edit (docs/orders.md): the order wizard on the
 * order-wizard machine. Each step is a Form of the step's fields cut from the chosen order preset.
 */
export function OrderWizardPage({ params }: { params: { readonly order_id?: string } }) {
  const search = useSearch()
  const [, navigate] = useLocation()
  const orderId = params.order_id ?? null
  // The machine's effects read whether the visitor is signed in when they run.
  // Known when the page starts: the server said who is signed in (the load keeps it in the machine).
  const { signedIn: signedInAtStart } = useSession()

  // One save at a time; the submit reads the draft's id once they have settled.
  const saver = useActorRef(
    draftSaveMachine.provide({
      actors: { save: fromPromise(({ input }) => writeDraft(input)) },
      actions: {
        report: (_, { error }) => pushAlert({ text: failureText(error), tone: "error" }),
      },
    }),
  )
  const actor = useActorRef(
    orderWizardMachine.provide({
      actors: {
        load: fromPromise(() => loadDraft(orderId, search, signedInAtStart)),
        // The review's own save may still be on its way: its draft is the order.
        submit: fromPromise(async ({ input }) => submitOrder(input.values, input.orderId ?? (await waitFor(saver, (x) => x.matches("idle"))).context.orderId)),
      },
      actions: {
        persist: ({ context }) => saver.send({ type: "SAVE", request: { values: context.values, step: context.step, orderId: context.orderId, signedIn: context.signedIn } }),
        askSignIn: () => navigate(SIGN_IN),
        forget: () => forgetDraft(),
      },
    }),
  )
  const snapshot = useSnapshotInTransition(actor)
  const { values, error, signedIn } = snapshot.context
  const step: OrderStep | null = snapshot.matches("editing") ? snapshot.context.step : null

  // The catalogue for the chosen tariff; the delivery cities for the typed text. Each is read behind
  // what is shown, so the price and the lists stay while the next are read.
  const tariffId = typeof values.tariff_id === "string" && values.tariff_id ? values.tariff_id : null
  const [live, setLive] = useState<WizardValues | null>(null)
  const [cityQuery, setCityQuery] = useState("")
  const shownTariff = (live?.tariff_id as string | undefined) || tariffId
  const catalogueLoad = useLoad(shownTariff, loadCatalogue, { keepShown: true })
  const catalogue = catalogueLoad.state === "ready" ? catalogueLoad.value : null
  const catalogueError = catalogueLoad.state === "loading" ? null : catalogueLoad.error
  const citiesLoad = useLoad(cityQuery, (q) => (q ? findDeliveryCities(q) : Promise.resolve([])), { keepShown: true })
  const cities = citiesLoad.state === "ready" && !citiesLoad.error ? citiesLoad.value : NO_CITIES
  // A resumed draft's city shows by name until the visitor types for others.
  const keptCity = typeof values.delivery_city === "string" ? values.delivery_city : ""
  const cityChoices = useMemo(() => (cities.length > 0 || !keptCity ? cities : [{ value: keptCity, label: keptCity }]), [cities, keptCity])
  const options = useMemo(() => (catalogue ? sourcesOf(catalogue, cityChoices) : undefined), [catalogue, cityChoices])

  const site = useSiteHandlers()
  const saveDraft = useCallback(
    (v: WizardValues) => {
      actor.send({ type: "SAVE", values: v })
      pushAlert({ text: w.draftSaved, tone: "success" })
    },
    [actor],
  )
  const handlers: HostHandlers = useMemo(
    () => ({
      ...site,
      wizardBack: ({ values: v }) => actor.send({ type: "BACK", values: v }),
      wizardSave: ({ values: v }) => saveDraft(v),
      recalculate: ({ values: v }) => setLive(v),
      loadDeliveryCities: ({ payload }) => {
        const query = typeof payload === "string" ? payload.trim() : ""
        if (query.length >= 3) setCityQuery(query)
      },
      editOrder: ({ values: v }) => actor.send({ type: "BACK", values: v }),
      // An anonymous visitor's ticks are kept (in the draft cookie) through the sign-in or sign-up.
      rememberChecks: ({ values: v }) => actor.send({ type: "SAVE", values: v }),
      openRegulations: () => window.open("/reglament", "_blank", "noopener"),
      openOffer: () => window.open("/docs", "_blank", "noopener"),
      switchOrderVariant: () => {},
    }),
    [actor, site, saveDraft],
  )

  const kind = typeof values.applicant_kind === "string" ? values.applicant_kind : "individual_person"
  const ident = typeof values.identification === "string" ? values.identification : null
  const presetId = presetIdOf(kind, ident, tariffId !== null)
  // Only the applicant kinds the chosen tariff is sold to.
  const kinds = catalogue?.tariff?.attributes.applicant_kinds.join(",") ?? null
  // Who may hold the certificate (schemas/holder-rule.ts): the tariff says whether it is qualified.
  const holder = { kind, qualified: catalogue?.tariff?.attributes.qualified ?? true, certificate: tariffId !== null }
  const withTariff = shownTariff !== null
  const preset: FormPreset | null = useMemo(
    () =>
      step === null || step === "review"
        ? null
        : step === "tariff"
          ? tariffStepFor(kinds, withTariff)
          : holderStep(stepPreset(presetId, step), { kind, qualified: holder.qualified, certificate: holder.certificate }),
    [presetId, step, kinds, withTariff, kind, holder.qualified, holder.certificate],
  )
  // A tariff chosen on /price comes without a period: its first one is offered, so the total starts at its price.
  const firstPeriod = catalogue?.tariff?.relationships.periods.find((o) => o.attributes.period !== null)?.attributes.period
  const chosenValues = useMemo(() => {
    const withPeriod = tariffId && !values.period && firstPeriod ? { ...values, period: String(firstPeriod) } : values
    return holderValues(withPeriod as FormValues, holder)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `holder` is rebuilt each render; its parts are listed
  }, [values, tariffId, firstPeriod, kind, holder.qualified, holder.certificate])
  const price = catalogue ? livePrice(catalogue, { ...chosenValues, ...(live ?? {}) }) : 0
  const focusStep = useStepFocus(step)

  if (snapshot.matches("loading")) return <p role="status">{w.loading}</p>
  if (snapshot.matches("failed")) {
    return (
      <div className={css.layout}>
        <p className={css.problem} role="alert">
          {w.loadFailed}
        </p>
        <Button onClick={() => actor.send({ type: "RETRY" })}>{w.retry}</Button>
      </div>
    )
  }
  if (snapshot.matches("payment") && snapshot.context.orderId) {
    const id = snapshot.context.orderId
    return (
      <div className={css.layout}>
        <h1 className={pages.title}>{w.submitted(id)}</h1>
        <PaymentChoice orderId={id} amount={snapshot.context.amount} />
        <Link href={`/account/orders/${encodeURIComponent(id)}`}>{w.toOrder}</Link>
      </div>
    )
  }

  const stepIndex = step ? ORDER_STEPS.indexOf(step) : ORDER_STEPS.length - 1
  const formValues = chosenValues
  const liveKind = typeof live?.applicant_kind === "string" ? live.applicant_kind : kind
  const optionsOnly = () => {
    // The tariff is dropped: an order of options only (order_option_*); the step's form follows the record.
    actor.send({ type: "SAVE", values: { tariff_id: "", period: "" } })
    setLive(null)
  }
  return (
    <div className={css.layout}>
      <h1 className={pages.title}>{orderId ? w.editTitle : w.title}</h1>
      <ol className={css.steps} aria-label={w.title}>
        {ORDER_STEPS.map((s, i) => (
          <li key={s} className={css.stepItem} aria-current={i === stepIndex ? "step" : undefined}>
            {w.steps[s]}
          </li>
        ))}
      </ol>
      {step !== "review" && !snapshot.matches("submitting") && (
        <p className={css.total} aria-live="polite">
          {w.price}: <output>{formatRubles(price)}</output>
        </p>
      )}
      {catalogueError && (
        <p className={css.problem} role="alert">
          {failureText(catalogueError)}
        </p>
      )}
      <h2 className={css.stepTitle} id="order-step-title" ref={focusStep} tabIndex={-1}>
        {w.steps[step ?? "review"]}
      </h2>
      {(step === "tariff" || step === "applicant") && (
        <HolderRuleNotice kind={step === "tariff" ? liveKind : kind} qualified={holder.qualified} certificate={holder.certificate} onOptionsOnly={optionsOnly} />
      )}
      {step === "documents" && <DocumentsList kind={values.applicant_kind} />}
      {step === "documents" && !signedIn && (
        <p className={pages.noticeText}>
          {w.signInToUpload} <Link href={SIGN_IN}>{w.signIn}</Link>
        </p>
      )}
      {preset && (
        <Form
          key={preset.id}
          id={`order-${step}`}
          preset={preset}
          options={options}
          // The saved step: the tariff's first period once known, or the tariff dropped, shows in the form.
          values={formValues}
          followValues
          outer={formValues}
          handlers={handlers}
          submit={async (v) => {
            actor.send({ type: "NEXT", values: v })
          }}
          aria-labelledby="order-step-title"
        />
      )}
      {(step === "review" || snapshot.matches("submitting")) && (
        <>
          <OrderReview presetId={presetId} values={chosenValues} catalogue={catalogue} sources={options} price={price} onEdit={(s) => actor.send({ type: "EDIT", step: s })} />
          {!signedIn && <p className={pages.noticeText}>{w.signInToSubmit}</p>}
          {error && (
            <p className={css.problem} role="alert">
              {error}
            </p>
          )}
          <Button variant="secondary" disabled={snapshot.matches("submitting")} onClick={() => saveDraft({})}>
            {w.saveDraft}
          </Button>
          <Form
            id="order-review"
            preset={signedIn ? order_check : CHECK_REMEMBERED}
            values={formValues}
            handlers={handlers}
            disabled={snapshot.matches("submitting")}
            submit={async (v) => {
              actor.send({ type: "SUBMIT", values: v })
            }}
            aria-labelledby="order-step-title"
          />
          {!signedIn && <ReviewSignUp values={values} returnTo={REVIEW_PATH} signIn={SIGN_IN} />}
        </>
      )}
    </div>
  )
}
