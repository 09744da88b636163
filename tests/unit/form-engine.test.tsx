import { renderToString } from "react-dom/server"
import { describe, expect, test } from "vitest"
import { feedback } from "../../schemas/forms/feedback.ts"
import { offers_frm } from "../../schemas/forms/offers_frm.ts"
import { Form } from "../../src/features/forms/Form.tsx"

const submit = async () => undefined

/** The Form component renders on the server as in the browser: every field of the preset, labelled. */
describe("form engine (Form component)", () => {
  test("a form built without an identifier raises an error", () => {
    expect(() => renderToString(<Form id="" preset={offers_frm} submit={submit} />)).toThrow(/identifier/)
  })

  test("renders every field of a preset under ids derived from the form's identifier", () => {
    const html = renderToString(<Form id="ask" preset={offers_frm} submit={submit} />)
    expect(html).toContain('data-form="offers_frm"')
    for (const field of offers_frm.fields) expect(html).toContain(`data-field="${field.name}"`)
    expect(html).toContain('id="ask-phone"')
    expect(html).toContain("Как к вам обращаться")
    expect(html).toContain("Менеджер свяжется с вами в течение 5 минут в рабочие дни.")
    expect(html).not.toContain('aria-invalid="true"')
  })

  test("starts from the host's values", () => {
    const html = renderToString(<Form id="fb" preset={feedback} values={{ name: "Ольга", email: "olga@example.ru" }} submit={submit} />)
    expect(html).toMatch(/id="fb-name"[^>]*value="Ольга"|value="Ольга"[^>]*id="fb-name"/)
  })
})
