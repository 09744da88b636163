import type { ChallengeAnswer } from "../schemas/entities/challenge.ts"
import { solveCaptcha } from "../tests/support/captcha.ts"
import type { VuClient } from "./load-client.ts"
import type { Kind } from "./load-stats.ts"

/**
 * The realistic mix of bench/load.ts: what a visitor of the site does, weighted by how often (the
 * weights are shares of the virtual users' actions, not of requests: a register lookup is two
 * requests, a draft two or three).
 */

/** What the setup found on the server: the customers' e-mails and password, a tariff an individual person can order. */
export interface MixContext {
  readonly customers: readonly string[]
  readonly password: string
  readonly tariffId: string
  readonly period: number | null
  /** One token per customer, signed in before the clock starts. */
  readonly tokens: readonly string[]
}

/** Server-rendered pages of the public site (the home page, the content pages, a region page, the register's form). */
const PAGES = ["/", "/faq", "/posts", "/about_company", "/moskva", "/sankt-peterburg", "/reestr", "/faq", "/"]
const QUERIES = ["подпись", "сертификат", "токен", "КЭП для госзакупок", "электронная подпись физлица", "МЧД", "продление", "ЕГАИС"]
/** Register lookups by a legal entity's INN and OGRN (the demo companies; most find nothing, as most lookups do). */
const LOOKUPS = ["search_by=inn&inn=7707083893", "search_by=inn&inn=7701234560", "search_by=ogrn&ogrn=1027700132195", "search_by=ogrn&ogrn=1027700000041"]
const SURNAMES = ["Петров", "Сидорова", "Кузнецов", "Смирнова", "Попов", "Васильева"]

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!

type Action = (vu: VuClient, ctx: MixContext) => Promise<unknown>

const page: Action = (vu) => vu.send("pages", "GET", pick(PAGES))
const menu: Action = (vu) => vu.send("menu", "GET", "/api/v2/menu_items/")
const search: Action = (vu) => vu.send("search", "GET", `/api/v2/search/?q=${encodeURIComponent(pick(QUERIES))}`)

/** The register's lookup: a challenge, solved as any program solves it, then the search it allows. */
const register: Action = async (vu) => {
  const captcha = await vu.send("register", "GET", "/api/v1/captcha/")
  if (!captcha) return
  const challenge = JSON.parse(captcha.text()) as ChallengeAnswer
  const answer = await solveCaptcha(challenge)
  await vu.send("register", "GET", `/api/v2/certificates/?${pick(LOOKUPS)}&captcha_id=${encodeURIComponent(challenge.id)}&captcha_answer=${encodeURIComponent(answer)}`)
}

/** The order wizard's draft: created on the first step, changed on the next (and, now and then, resumed). */
const draft: Action = async (vu, ctx) => {
  vu.token ??= pick(ctx.tokens)
  const first = { applicant_kind: "individual_person", tariff_id: ctx.tariffId, ...(ctx.period !== null ? { period: ctx.period } : {}) }
  const created = await vu.send("drafts", "POST", "/api/v1/uc/leads/", { json: first, expect: [201], auth: true })
  if (!created) return
  const id = (JSON.parse(created.text()) as { data: { id: string } }).data.id
  await vu.send("drafts", "PUT", `/api/v1/uc/leads/${id}/`, { json: { ...first, last_name: pick(SURNAMES), first_name: "Иван" }, auth: true })
  if (Math.random() < 0.3) await vu.send("drafts", "GET", "/api/v1/uc/leads/draft/", { auth: true })
}

/** A customer's sign-in with the right password; the virtual user orders with the new token from then on. */
const signIn: Action = async (vu, ctx) => {
  const email = pick(ctx.customers)
  const answer = await vu.send("sign-in", "POST", "/api/v1/users/sign_in", { json: { user: { email, password: ctx.password } } })
  if (answer) vu.token = (JSON.parse(answer.text()) as { jwt: string }).jwt
}

const ALL: ReadonlyArray<readonly [Kind, Action, number]> = [
  ["pages", page, 40],
  ["menu", menu, 20],
  ["search", search, 15],
  ["register", register, 8],
  ["drafts", draft, 12],
  ["sign-in", signIn, 5],
]
/** SOAK_MIX=pages,menu keeps those kinds only (to see what one costs the server); unset, the whole mix. */
const only = process.env.SOAK_MIX?.split(",").map((s) => s.trim())
const WEIGHTS = ALL.filter(([kind]) => !only || only.includes(kind)).map(([, action, w]) => [action, w] as const)
if (WEIGHTS.length === 0) throw new Error(`SOAK_MIX names no kind of the mix (${ALL.map(([k]) => k).join(", ")})`)
const TOTAL = WEIGHTS.reduce((n, [, w]) => n + w, 0)

/** The shares printed with the figures. */
export const MIX_DESCRIPTION = only ? `only ${only.join(", ")}` : `pages 40%, menu 20%, search 15%, register lookup 8% (captcha + search), order drafts 12% (POST + PUT), sign-in 5%`

/** One action of the mix, drawn by weight. */
export function nextAction(): Action {
  let r = Math.random() * TOTAL
  for (const [action, w] of WEIGHTS) if ((r -= w) < 0) return action
  return WEIGHTS[0]![0]
}
