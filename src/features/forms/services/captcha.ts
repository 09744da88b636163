import { api, asClientError } from "../../../api/client.ts"
import { toClientError } from "../../../api/errors.ts"

/** A captcha as `GET /api/v1/captcha/` answers it: its id and the picture (SVG markup). */
export interface Captcha {
  readonly id: string
  readonly image: string
}

/** Asks the server for a new captcha; throws a ClientError (SPEC.md section 8) on failure. */
export async function loadCaptcha(): Promise<Captcha> {
  let answer: Partial<Captcha>
  try {
    answer = await api<Partial<Captcha>>("/api/v1/captcha/")
  } catch (err) {
    throw asClientError(err)
  }
  if (typeof answer.id !== "string" || typeof answer.image !== "string") throw toClientError(null, undefined)
  return { id: answer.id, image: answer.image }
}

/** The picture as an image address: an <img> shows it without running any of its markup. */
export const captchaImageSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
