/**
 * INP of the site's everyday interactions in the system Chromium with its CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`), against the production server: opening the menu (the burger on a
 * phone-wide window, and a submenu of the header's menu on a wide one), opening the city list, and the
 * order wizard's 'Далее' from its first step. Each figure is that interaction's INP-equivalent: the
 * longest Event Timing entry (PerformanceObserver "event", durationThreshold 16) of its interactionId,
 * which is what the web-vitals library reports for one interaction. Median of `runs`, each run in a
 * fresh context. Bench only: never in `npm test`.
 */
import type { Browser, Page } from "playwright-core"
import { messages } from "../schemas/messages/common.ts"
import { orderMessages } from "../schemas/messages/order.ts"
import { launchBrowser } from "../tests/support/browser.ts"

export interface InpFigure {
  readonly name: string
  /** Each run's INP (ms); 0 is under the 16 ms threshold (no entry reported). */
  readonly runs: number[]
  readonly median: number
  /** Each run's time from the input to the result being visible (ms): the lazy parts included. */
  readonly visible: number[]
  /** The longest entry's parts in the median run (ms): input delay, handlers, and presentation (render, style, layout, paint). */
  readonly parts: { readonly delay: number; readonly processing: number; readonly presentation: number } | null
}

interface EventEntry {
  readonly id: number
  readonly name: string
  readonly start: number
  readonly duration: number
  readonly processingStart: number
  readonly processingEnd: number
}

export const INP_GOAL_MS = 100
const CPU_SLOWDOWN = 4

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** Installed before the page's scripts: every event entry of 16 ms and more, kept for the bench to read. */
const OBSERVER = `
  window.__inpEntries = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__inpEntries.push({ id: e.interactionId || 0, name: e.name, start: e.startTime, duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
`

interface Interaction {
  readonly name: string
  readonly width: number
  /** Opens the page and brings it to the moment before the interaction. */
  readonly prepare: (page: Page, origin: string) => Promise<void>
  /** The interaction itself (a real click through CDP input), and the wait for its result. */
  readonly act: (page: Page) => Promise<void>
  readonly done: (page: Page) => Promise<void>
}

const w = orderMessages.wizard

const INTERACTIONS: readonly Interaction[] = [
  {
    name: "menu (burger, 390 px)",
    width: 390,
    prepare: async (page, origin) => {
      await page.goto(origin + "/")
    },
    act: (page) => page.getByRole("button", { name: messages.shell.openMenu }).click(),
    done: (page) => page.getByRole("dialog").waitFor(),
  },
  {
    name: "menu (header submenu)",
    width: 1280,
    prepare: async (page, origin) => {
      await page.goto(origin + "/")
    },
    act: (page) => page.getByRole("navigation", { name: messages.shell.mainMenu }).getByRole("button").first().click(),
    done: (page) => page.getByRole("navigation", { name: messages.shell.mainMenu }).locator("[aria-expanded=true]").first().waitFor(),
  },
  {
    name: "city list",
    width: 1280,
    prepare: async (page, origin) => {
      await page.goto(origin + "/")
    },
    act: (page) => page.getByRole("button", { name: new RegExp(messages.shell.region) }).click(),
    done: (page) => page.locator("[data-dropdown-panel]:not([hidden]) a").nth(5).waitFor(),
  },
  {
    name: "wizard: 'Далее' (1st step)",
    width: 1280,
    prepare: async (page, origin) => {
      // As a visitor comes: a tariff's page, its 'Заказать', the first step filled in.
      await page.goto(origin + "/price")
      await page.getByRole("link", { name: /^Подробнее: / }).first().click()
      await page.locator("aside").getByRole("link", { name: "Заказать" }).click()
      await page.waitForURL(/\/orders\/new\?/)
      await page.locator("main").getByRole("heading", { level: 2, name: w.steps.tariff, exact: true }).waitFor()
      await page.getByRole("radio", { name: "Юридическое лицо" }).check()
      await page.getByRole("radio", { name: "Лично в офисе обслуживания" }).check()
    },
    act: (page) => page.locator("main").getByRole("button", { name: w.next, exact: true }).click(),
    done: (page) => page.locator("main").getByRole("heading", { level: 2, name: w.steps.applicant, exact: true }).waitFor(),
  },
]

/** Lets the page settle: no request in flight and an idle main thread for a moment. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle")
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 3000 })))
}

type Run = { inp: number; visible: number; longest: EventEntry | undefined }

async function runOnce(browser: Browser, origin: string, i: Interaction): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: i.width, height: 860 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(OBSERVER)
    const cdp = await context.newCDPSession(page)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
    await i.prepare(page, origin)
    await settle(page)
    const from = await page.evaluate(() => performance.now())
    const t0 = Date.now()
    await i.act(page)
    await i.done(page)
    const visible = Date.now() - t0
    // The entry is reported after the next paint; two frames and a moment later it is there.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200)))))
    const entries = await page.evaluate(() => (window as unknown as { __inpEntries: EventEntry[] }).__inpEntries)
    const mine = entries.filter((e) => e.id > 0 && e.start >= from)
    const longest = mine.reduce<EventEntry | undefined>((a, e) => (!a || e.duration > a.duration ? e : a), undefined)
    return { inp: longest?.duration ?? 0, visible, longest }
  } finally {
    await context.close()
  }
}

/** Each interaction `runs` times on the app at `origin`; the median of each. */
export async function inpBench(origin: string, runs = 5, only?: (name: string) => boolean): Promise<InpFigure[]> {
  const browser = await launchBrowser()
  try {
    const figures: InpFigure[] = []
    for (const i of INTERACTIONS.filter((x) => !only || only(x.name))) {
      const got: Run[] = []
      for (let r = 0; r < runs; r++) got.push(await runOnce(browser, origin, i))
      const inps = got.map((g) => g.inp)
      const mid = [...got].sort((a, b) => a.inp - b.inp)[Math.floor((got.length - 1) / 2)]?.longest
      const parts = mid
        ? { delay: mid.processingStart - mid.start, processing: mid.processingEnd - mid.processingStart, presentation: mid.start + mid.duration - mid.processingEnd }
        : null
      figures.push({ name: i.name, runs: inps, median: median(inps), visible: got.map((g) => g.visible), parts })
    }
    return figures
  } finally {
    await browser.close()
  }
}

export function printInp(figures: readonly InpFigure[]): void {
  const ms = (n: number) => (n === 0 ? "<16" : String(Math.round(n)))
  const part = (f: InpFigure) => (f.parts ? `${Math.round(f.parts.delay)}/${Math.round(f.parts.processing)}/${Math.round(f.parts.presentation)}` : "-")
  console.log(`${"interaction".padEnd(30)} ${"INP".padStart(5)} ${"goal".padStart(5)}  ${"".padEnd(4)}  runs (INP ms)          delay/handlers/paint   input → visible (ms, Playwright's)`)
  for (const f of figures) {
    const ok = f.median <= INP_GOAL_MS ? "ok" : "OVER"
    console.log(`${f.name.padEnd(30)} ${ms(f.median).padStart(5)} ${`≤${INP_GOAL_MS}`.padStart(5)}  ${ok.padEnd(4)}  ${f.runs.map(ms).join(", ").padEnd(22)} ${part(f).padEnd(22)} ${f.visible.join(", ")}`)
  }
  console.log(`INP: the longest Event Timing entry of the interaction (durationThreshold 16), CPU slowed ${CPU_SLOWDOWN}× (CDP), median; figures, not checks`)
}
