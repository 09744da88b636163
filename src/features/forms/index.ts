/**
 * The form engine's public API for other features: the Form, the submit that goes through a flow
 * machine, the one Enter rule, the field widgets by type, the named handlers and the company filler.
 */
export { Form, type FormProps } from "./Form.tsx"
export { type Settled, submitThrough } from "./flow-submit.ts"
export { swallowEnter } from "./enter-key.ts"
export { fieldComponents } from "./fields/registry.ts"
export { RadioGroupField } from "./fields/RadioGroupField.tsx"
export { FilePicker } from "./fields/FilePicker.tsx"
export type { FieldHandler, HandlerContext, HostHandlers } from "./handlers.ts"
export { fillCompany } from "./company-handler.ts"
