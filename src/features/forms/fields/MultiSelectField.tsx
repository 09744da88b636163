import type { FieldProps } from "../field-props.ts"
import { ZagSelect } from "./ZagSelect.tsx"

/** Several choices from a list (`multiselect`); the trigger shows the chosen labels joined with "; ". */
export function MultiSelectField({ value, onChange, ...props }: FieldProps<readonly string[]>) {
  return <ZagSelect {...props} value={Array.isArray(value) ? value : []} multiple onValueChange={onChange} />
}
