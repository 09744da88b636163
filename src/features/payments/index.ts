/** Payments: the public API for other features (the wizard's payment step, the account's order page). */
export { PaymentChoice } from "./PaymentChoice.tsx"
export type { PaymentChoiceProps } from "./PaymentChoice.tsx"
