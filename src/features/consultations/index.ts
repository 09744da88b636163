/** Consultation requests (docs/account-services.md): the button of a tariff page and of the account's order page. */
export { ConsultationButton } from "./ConsultationButton.tsx"
export type { ConsultationButtonProps } from "./ConsultationButton.tsx"
/** The account's order page block: a consultation about the order. */
export { OrderConsultationBlock } from "./OrderConsultationBlock.tsx"
