import { lazy, type ComponentType } from "react"
import type { FieldType } from "../../../../schemas/forms/types.ts"
import type { FieldProps } from "../field-props.ts"
import { AutocompleteField } from "./AutocompleteField.tsx"
import { ButtonField } from "./ButtonField.tsx"
import { CalendarField } from "./CalendarField.tsx"
import { CaptchaField } from "./CaptchaField.tsx"
import { CheckboxField } from "./CheckboxField.tsx"
import { CheckboxGroupField } from "./CheckboxGroupField.tsx"
import { DadataField } from "./DadataField.tsx"
import { InputField } from "./InputField.tsx"
import { MultiSelectField } from "./MultiSelectField.tsx"
import { RadioGroupField } from "./RadioGroupField.tsx"
import { RatingField } from "./RatingField.tsx"
import { SelectField } from "./SelectField.tsx"
import { TextBlock } from "./TextBlock.tsx"
import { TextareaField } from "./TextareaField.tsx"
import { UploadField } from "./UploadField.tsx"

/** The rich-text editor (Lexical) loads with the first form that has one. */
const EditorField = lazy(() => import("./EditorField.tsx").then((m) => ({ default: m.EditorField })))

/** One component per field type (SPEC.md section 3). */
export const fieldComponents: Readonly<Record<FieldType, ComponentType<FieldProps<never>>>> = {
  autocomplete: AutocompleteField,
  button: ButtonField,
  submit: ButtonField,
  calendar: CalendarField,
  checkbox: CheckboxField,
  checkboxgroup: CheckboxGroupField,
  dadata: DadataField,
  input: InputField,
  multiselect: MultiSelectField,
  radiogroup: RadioGroupField,
  rucaptcha: CaptchaField,
  select: SelectField,
  text: TextBlock,
  textarea: TextareaField,
  editor: EditorField,
  upload: UploadField,
  rating: RatingField,
}
