import { describe, expect, test } from "vitest"
import { APPLICANT_DOCUMENTS } from "../../schemas/applicant-documents.ts"
import { presets } from "../../schemas/forms/index.ts"
import type { FormPreset } from "../../schemas/forms/types.ts"
import { holderRuleMessages } from "../../schemas/messages/holder-rule.ts"
import { type HolderApplicantKind, holderRoleError, holderRule } from "../../schemas/holder-rule.ts"
import { holderStep, holderValues } from "../../src/features/orders/holder-rule-view.tsx"

/** Who may hold which certificate (schemas/holder-rule.ts) over every order preset of the spec. */

const KINDS: readonly HolderApplicantKind[] = ["legal_entity", "entrepreneur", "individual_person"]
const VARIANTS = [
  { prefix: "order_cert_", certificate: true },
  { prefix: "order_cert_remotely_", certificate: true },
  { prefix: "order_option_", certificate: false },
] as const
const CASES = KINDS.flatMap((kind) => VARIANTS.flatMap((v) => [true, false].map((qualified) => ({ id: `${v.prefix}${kind}`, kind, certificate: v.certificate, qualified }))))

const preset = (id: string): FormPreset => presets[id]!
const roleValues = (p: FormPreset) => p.fields.find((f) => f.name === "holder_role")?.attributes?.options?.map((o) => o.value) ?? null

describe("the rule over the nine order presets, qualified or not", () => {
  test.each(CASES)("$id, qualified $qualified", ({ id, kind, certificate, qualified }) => {
    const ctx = { kind, certificate, qualified }
    const rule = holderRule(ctx)
    const forbidsHead = kind !== "individual_person" && certificate && qualified
    expect(rule).toEqual({
      roles: kind === "individual_person" ? [] : forbidsHead ? ["certificate_holder"] : ["chief", "certificate_holder"],
      ownName: !forbidsHead,
      limited: forbidsHead,
    })
    // The preset offers both roles to a business and none to a person; the wizard's step offers the rule's.
    const full = preset(id)
    expect(roleValues(full)).toEqual(kind === "individual_person" ? null : ["chief", "certificate_holder"])
    expect(roleValues(holderStep(full, ctx))).toEqual(kind === "individual_person" ? null : rule.roles)
    // The API's refusal: only the head's (the entrepreneur's) qualified certificate, naming the tax service's CA.
    const error = holderRoleError(ctx, "chief")
    if (forbidsHead) expect(error).toMatch(/удостоверяющий центр ФНС России/)
    else expect(error).toBeNull()
    expect(holderRoleError(ctx, "certificate_holder")).toBeNull()
  })

  test("a missing or unknown role is the preset's rules' business, not the rule's", () => {
    const ctx = { kind: "legal_entity", certificate: true, qualified: true } as const
    expect(holderRoleError(ctx, undefined)).toBeNull()
    expect(holderRoleError(ctx, "owner")).toBeNull()
  })
})

describe("holderStep and holderValues (the wizard's applicant step)", () => {
  const qualifiedLegal = { kind: "legal_entity", certificate: true, qualified: true }

  test("a single remaining role says so in its hint and becomes the value; a forbidden one is dropped", () => {
    const step = holderStep(preset("order_cert_legal_entity"), qualifiedLegal)
    const field = step.fields.find((f) => f.name === "holder_role")!
    expect(field.attributes?.options).toEqual([{ value: "certificate_holder", label: "Сотрудник организации" }])
    expect(field.attributes?.hint).toBe(holderRuleMessages.notice.employeeChosen)
    expect(holderValues({ holder_role: "chief", last_name: "Петров" }, qualifiedLegal)).toEqual({ holder_role: "certificate_holder", last_name: "Петров" })
    expect(holderValues({}, qualifiedLegal)).toEqual({ holder_role: "certificate_holder" })
  })

  test("nothing limited: the same preset and values come back", () => {
    const p = preset("order_option_entrepreneur")
    const ctx = { kind: "entrepreneur", certificate: false, qualified: true }
    expect(holderStep(p, ctx)).toBe(p)
    const values = { holder_role: "chief" }
    expect(holderValues(values, ctx)).toBe(values)
    const person = { last_name: "Иванов" }
    expect(holderValues(person, { kind: "individual_person", certificate: true, qualified: true })).toBe(person)
  })

  test("the entrepreneur's choice names the entrepreneur himself, not a head", () => {
    const options = preset("order_cert_entrepreneur").fields.find((f) => f.name === "holder_role")?.attributes?.options
    expect(options?.map((o) => o.label)).toEqual(["Сам предприниматель", "Сотрудник предпринимателя"])
  })
})

describe("the documents lists (/doc_needs) follow the rule", () => {
  const group = (kind: string) => APPLICANT_DOCUMENTS.find((g) => g.kind === kind)!

  test.each(["legal_entity", "entrepreneur"])("%s: the head's qualified certificate comes from the tax service; the employee's МЧД is listed", (kind) => {
    const g = group(kind)
    expect(g.lead).toMatch(/только УЦ ФНС России/)
    expect(g.lead).toMatch(/МЧД/)
    expect(g.documents.find((d) => d.id === "employee_proxy")).toMatchObject({ name: "Машиночитаемая доверенность (МЧД) на сотрудника", role: "holder", optional: true })
  })

  test("a person's list names no МЧД and no tax service", () => {
    const g = group("individual_person")
    expect(g.lead).not.toMatch(/ФНС/)
    expect(g.documents.map((d) => d.id)).not.toContain("employee_proxy")
  })
})
