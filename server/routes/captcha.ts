import type { Hono } from "hono"
import { CAPTCHA_RATE_MAX, REQUEST_RATE_WINDOW_MS } from "../../schemas/constants.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { limitRequests } from "../lib/throttle.ts"
import { createCaptcha } from "../services/captcha.ts"

/**
 * `GET /api/v1/captcha/` → `{ id, challenge }`: a new proof-of-work challenge each call (never cached:
 * the /api/* middleware answers no-store). The found counter travels with the form as
 * `captcha: { id, answer }`.
 */
export function captchaRoutes(app: Hono<AppEnv>, deps: Deps): void {
  app.get("/api/v1/captcha", async (c) => {
    await limitRequests(deps.db, c, deps.config, "captcha", CAPTCHA_RATE_MAX, REQUEST_RATE_WINDOW_MS)
    return c.json(await createCaptcha(deps.db, deps.config.challengeWork))
  })
}
