import type { Hono } from "hono"
import { FEEDBACK_RATE_MAX, REQUEST_RATE_WINDOW_MS } from "../../schemas/constants.ts"
import { feedback } from "../../schemas/forms/feedback.ts"
import type { CaptchaValue } from "../../schemas/forms/types.ts"
import { requestMessages } from "../../schemas/messages/request.ts"
import { now } from "../db/index.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { unprocessable } from "../lib/http.ts"
import { readPreset, utmErrors, withoutAgreement } from "../lib/forms.ts"
import { clientIp, limitRequests } from "../lib/throttle.ts"
import { verifyCaptcha } from "../services/captcha.ts"

/** The body this route reads (also the API description's, server/openapi). */
export const input = withoutAgreement(feedback)

/**
 * Reviews (`feedback` preset): `POST /api/v1/feedbacks/` checks the fields, then the captcha (used up
 * by the check), stores the review as plain text and answers 201 `{ data: { id, type: "feedback" } }`.
 * The CRM reads them at `/api/v2/crm/feedbacks/` (the declaration schemas/resources/requests.ts). A
 * utm object is accepted (and checked) for symmetry with the other visitor forms but not stored:
 * reviews are not leads.
 */
export function feedbackRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.post("/api/v1/feedbacks", async (c) => {
    const { values } = await readPreset(c, input, utmErrors)
    await limitRequests(deps.db, c, deps.config, "feedback", FEEDBACK_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    if (!(await verifyCaptcha(deps.db, values.captcha as CaptchaValue))) throw unprocessable({ captcha: [requestMessages.captchaWrong] })
    const row = await deps.db.kysely
      .insertInto("feedbacks")
      .values({
        name: String(values.name).trim(),
        email: String(values.email).trim().toLowerCase(),
        rating: Number(values.rating),
        // Kept as the visitor typed it; the CRM shows it as text, never as markup.
        message: String(values.message).trim(),
        ip: clientIp(c, deps.config),
        created_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    return c.json({ data: { id: String(row.id), type: "feedback" } }, 201)
  })
}
