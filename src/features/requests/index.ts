/** Visitors' requests: the public API for other features (the site's form handlers, the policy's operator). */
export { useSiteHandlers } from "./site-handlers.ts"
export type { Operator } from "./policy-content.ts"
/** The /corporate and /services_ib request form: import it lazily (it carries the form engine). */
export { SalesRequestForm } from "./SalesRequestForm.tsx"
export type { SalesRequestFormProps } from "./SalesRequestForm.tsx"
/** The kept UTM tags and the outcome modal ('Заявка отправлена' / 'Ошибка'), for other features' requests. */
export { readUtm } from "./utm.ts"
export { OutcomeModal } from "./OutcomeModal.tsx"
