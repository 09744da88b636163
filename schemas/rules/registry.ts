import type { FieldValue, FormValues, RuleName, RuleRef } from "../forms/types.ts"
import { messages } from "../messages/common.ts"
import { validate } from "../validate.ts"
import { birthDateFromPassport, dateCorrect, datePastCorrect, passportAge } from "./dates.ts"
import { inn, kpp, ogrn, passport, phone, snils } from "./documents.ts"
import { fileCorrectExtension, fileCorrectSize, fileRequired, isUploadAccept } from "./files.ts"
import {
  authenticationVector,
  email,
  latchars,
  nolatin,
  numeric,
  password,
  ruschars,
  specialSymbolsComment,
  specialSymbolsPass,
} from "./format.ts"
import { length, maxLength, minLength, phoneCode } from "./length.ts"
import { checkboxRequired, depends, required, sameAs } from "./presence.ts"
import type { RuleSchema } from "./values.ts"

type Args = readonly (string | number)[]

// A preset with a wrong argument is a programming error, so it throws instead of showing a message.
function countArg(name: string, args: Args): number {
  const n = args[0]
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0) throw new Error(`Rule ${name} needs a length`)
  return n
}
function fieldArg(name: string, args: Args): string {
  const f = args[0]
  if (typeof f !== "string" || f === "") throw new Error(`Rule ${name} needs a field name`)
  return f
}

/** Each rule's schema from its arguments and, for the cross-field rules, the form's values. */
const RULES = {
  required: () => required,
  checkboxRequired: () => checkboxRequired,
  fileRequired: () => fileRequired,
  depends: (args, form) => depends(form[fieldArg("depends", args)], args[1]),
  sameAs: (args, form) => sameAs(fieldArg("sameAs", args), form[fieldArg("sameAs", args)]),
  email: () => email,
  numeric: () => numeric,
  latchars: () => latchars,
  ruschars: () => ruschars,
  nolatin: () => nolatin,
  authenticationVector: () => authenticationVector,
  specialSymbolsPass: () => specialSymbolsPass,
  specialSymbolsComment: () => specialSymbolsComment,
  password: () => password,
  phone: () => phone,
  inn: () => inn,
  kpp: () => kpp,
  ogrn: (args) => {
    if (args.length === 0) return ogrn()
    const n = args[0]
    if (n !== 13 && n !== 15) throw new Error("Rule ogrn takes 13 or 15")
    return ogrn(n)
  },
  passport: () => passport,
  snils: () => snils,
  length: (args) => length(countArg("length", args)),
  maxLength: (args) => maxLength(countArg("maxLength", args)),
  minLength: (args) => minLength(countArg("minLength", args)),
  phoneCode: (args) => phoneCode(countArg("phoneCode", args)),
  dateCorrect: () => dateCorrect,
  datePastCorrect: () => datePastCorrect,
  birthDateFromPassport: (args, form) => birthDateFromPassport(form[fieldArg("birthDateFromPassport", args)]),
  passportAge: (args, form) => passportAge(form[fieldArg("passportAge", args)]),
  fileCorrectExtension: (args) => {
    if (args.length === 0) return fileCorrectExtension()
    if (!isUploadAccept(args[0])) throw new Error("Rule fileCorrectExtension takes files, images or editorImages")
    return fileCorrectExtension(args[0])
  },
  fileCorrectSize: () => fileCorrectSize,
} satisfies Record<RuleName, (args: Args, form: FormValues) => RuleSchema>

/** The schema of a rule as a preset names it; an unknown name throws 'Unknown validation' (SPEC.md section 5). */
export function ruleSchema(rule: RuleRef, form: FormValues = {}): RuleSchema {
  const name: string = typeof rule === "string" ? rule : rule.name
  if (!Object.hasOwn(RULES, name)) throw new Error("Unknown validation")
  const args = typeof rule === "string" ? [] : (rule.args ?? [])
  return RULES[name as RuleName](args, form)
}

/** The Russian message of `rule` for `value` (other fields in `form`), or null when it holds. */
export function validateValue(rule: RuleRef, value: FieldValue, form: FormValues = {}): string | null {
  const result = validate(ruleSchema(rule, form), value)
  if (result.ok) return null
  return Object.values(result.errors)[0]?.[0] ?? messages.validation.generic
}
