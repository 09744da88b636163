import type { FieldProps } from "../field-props.ts"
import { ZagSelect } from "./ZagSelect.tsx"

/** One choice from a list (`select`); the value is the chosen option's value, "" while none. */
export function SelectField({ value, onChange, ...props }: FieldProps<string>) {
  const chosen = typeof value === "string" && value !== "" ? [value] : []
  return <ZagSelect {...props} value={chosen} multiple={false} onValueChange={(next) => onChange(next[0] ?? "")} />
}
