import { assign, fromPromise, setup } from "xstate"

/**
 * The order wizard (/orders/new, /orders/edit, /orders/{id}/edit; docs/orders.md): tariff and options
 * → applicant → persons → documents → identification → review → submit → payment. Every step's values
 * are kept in one record, so going back never loses what was typed. Pure: loading the draft,
 * remembering it (cookie, sessionStorage or the server draft), asking to sign in and submitting are
 * the page's (`provide`).
 */
export const ORDER_STEPS = ["tariff", "applicant", "persons", "documents", "identification", "review"] as const
export type OrderStep = (typeof ORDER_STEPS)[number]

export type WizardValues = Readonly<Record<string, unknown>>

export interface OrderWizardContext {
  /** Every value typed in any step, and the choices of the tariff step. */
  readonly values: WizardValues
  /** The step the draft was left at (resumed on load). */
  readonly step: OrderStep
  /** The order being edited, then the submitted one (a new order's server draft is the draft save's: machines/draft-save.machine.ts). */
  readonly orderId: string | null
  readonly signedIn: boolean
  /** The submit's failure, shown on the review step. */
  readonly error: string | null
  /** The server's amount of the submitted order (rubles), for the payment step. */
  readonly amount: number
  /** A step opened from the review's 'Изменить': its 'Далее' goes back to the review. */
  readonly revising: boolean
  /** A returning customer's data by applicant kind (the account's earlier orders): fills the applicant's steps once the kind is chosen. */
  readonly prefill: Readonly<Record<string, WizardValues>>
}

export interface LoadedOrder {
  readonly values: WizardValues
  readonly step: OrderStep
  readonly orderId: string | null
  readonly signedIn: boolean
  readonly prefill?: Readonly<Record<string, WizardValues>> | undefined
}

/** The steps the review's 'Изменить' opens and comes back from (the tariff step is walked again from the start: it chooses the preset). */
export const REVISABLE_STEPS = ["applicant", "persons", "documents", "identification"] as const
export type RevisableStep = (typeof REVISABLE_STEPS)[number]

export interface SubmittedOrder {
  readonly orderId: string
  readonly amount: number
}

export type OrderWizardEvent =
  | { type: "NEXT"; values: WizardValues }
  | { type: "BACK"; values: WizardValues }
  | { type: "SAVE"; values: WizardValues }
  | { type: "SUBMIT"; values: WizardValues }
  | { type: "EDIT"; step: OrderStep }
  | { type: "RETRY" }

const editStep = (step: RevisableStep) => ({ target: step, guard: { type: "editsStep" as const, params: { step } }, actions: "revise" as const })

const backToReview = { target: "review", guard: "revising", actions: "keep" } as const

const resumeAt = (step: OrderStep) => ({ target: step, guard: { type: "resumesAt" as const, params: { step } } })

export const orderWizardMachine = setup({
  types: { context: {} as OrderWizardContext, events: {} as OrderWizardEvent },
  actors: {
    load: fromPromise<LoadedOrder>(async () => ({ values: {}, step: "tariff", orderId: null, signedIn: false })),
    submit: fromPromise<SubmittedOrder, { values: WizardValues; orderId: string | null }>(async () => {
      throw new Error("submit is provided by the page")
    }),
  },
  actions: {
    /** Merges a step's values into the record (a step never removes what another typed). */
    keep: assign(({ context, event }) => ("values" in event ? { values: { ...context.values, ...event.values }, error: null } : {})),
    /** The step opened from the review comes back to it. */
    revise: assign({ revising: true }),
    /** Fills what the customer has not typed yet from their earlier order of the chosen kind. */
    prefill: assign(({ context }) => {
      const earlier = context.prefill[String(context.values.applicant_kind ?? "")]
      if (!earlier) return {}
      const blank = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0)
      const filled = Object.fromEntries(Object.entries(earlier).filter(([k]) => blank(context.values[k])))
      return { values: { ...context.values, ...filled } }
    }),
    /** Remembers the draft where it belongs (cookie for the choices; sessionStorage or the server draft for the rest). */
    persist: () => {},
    /** Anonymous at the submit: the sign-in page, back to /orders/edit afterwards. */
    askSignIn: () => {},
    /** After the submit: the draft's cookies and storage are cleared. */
    forget: () => {},
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    resumesAt: ({ context }, params: { step: OrderStep }) => context.step === params.step,
    revising: ({ context }) => context.revising,
    editsStep: ({ event }, params: { step: OrderStep }) => event.type === "EDIT" && event.step === params.step,
  },
}).createMachine({
  id: "orderWizard",
  context: { values: {}, step: "tariff", orderId: null, signedIn: false, error: null, amount: 0, revising: false, prefill: {} },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "load",
        src: "load",
        onDone: {
          target: "editing",
          actions: assign(({ event }) => ({
            values: event.output.values,
            step: event.output.step,
            orderId: event.output.orderId,
            signedIn: event.output.signedIn,
            prefill: event.output.prefill ?? {},
          })),
        },
        onError: "failed",
      },
    },
    failed: { on: { RETRY: "loading" } },
    editing: {
      initial: "resume",
      on: { SAVE: { actions: ["keep", "persist"] } },
      states: {
        // The step the draft was left at; a new order starts at the tariff.
        resume: {
          always: [resumeAt("applicant"), resumeAt("persons"), resumeAt("documents"), resumeAt("identification"), resumeAt("review"), { target: "tariff" }],
        },
        tariff: {
          entry: [assign({ step: "tariff" }), "persist"],
          on: { NEXT: { target: "applicant", actions: ["keep", "prefill"] } },
        },
        applicant: {
          entry: [assign({ step: "applicant" }), "persist"],
          on: { NEXT: [backToReview, { target: "persons", actions: "keep" }], BACK: { target: "tariff", actions: "keep" } },
        },
        persons: {
          entry: [assign({ step: "persons" }), "persist"],
          on: { NEXT: [backToReview, { target: "documents", actions: "keep" }], BACK: { target: "applicant", actions: "keep" } },
        },
        documents: {
          entry: [assign({ step: "documents" }), "persist"],
          on: { NEXT: [backToReview, { target: "identification", actions: "keep" }], BACK: { target: "persons", actions: "keep" } },
        },
        identification: {
          entry: [assign({ step: "identification" }), "persist"],
          on: { NEXT: { target: "review", actions: "keep" }, BACK: { target: "documents", actions: "keep" } },
        },
        review: {
          entry: [assign({ step: "review", revising: false }), "persist"],
          on: {
            BACK: { target: "identification", actions: "keep" },
            // 'Изменить' beside a group: that step, whose 'Далее' comes back here; the tariff's choices pick the
            // preset, so from there every step is walked again.
            EDIT: [
              { target: "tariff", guard: { type: "editsStep" as const, params: { step: "tariff" as const } } },
              editStep("applicant"),
              editStep("persons"),
              editStep("documents"),
              editStep("identification"),
            ],
            SUBMIT: [
              { guard: "signedIn", target: "#orderWizard.submitting", actions: "keep" },
              { actions: ["keep", "persist", "askSignIn"] },
            ],
          },
        },
      },
    },
    submitting: {
      invoke: {
        id: "submit",
        src: "submit",
        input: ({ context }) => ({ values: context.values, orderId: context.orderId }),
        onDone: { target: "payment", actions: [assign(({ event }) => ({ orderId: event.output.orderId, amount: event.output.amount, error: null })), "forget"] },
        onError: {
          target: "editing.review",
          actions: assign(({ event }) => ({ error: event.error instanceof Error ? event.error.message : String(event.error) })),
        },
      },
    },
    payment: { type: "final" },
  },
})
