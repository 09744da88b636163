import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { createActor, fromPromise } from "xstate"
import { suggestMachine, type Suggestion, type SuggestKind, type SuggestQuery } from "../../machines/suggest.machine.ts"
import { SUGGEST_COUNT_DEFAULT, SUGGEST_DEBOUNCE_MS } from "../../schemas/constants.ts"

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const company = (name: string, status: string, inn = "7707083893"): Suggestion => ({
  value: name,
  unrestricted_value: name,
  data: { inn, kpp: "773601001", ogrn: "1027700132195", name: { short_with_opf: name }, address: { value: "г Москва" }, state: { status } },
})

/** A suggest actor whose lookup answers `answer` (or throws it) and records every query. */
function start(kind: SuggestKind, answer: (q: SuggestQuery) => Promise<readonly Suggestion[]>) {
  const queries: SuggestQuery[] = []
  const chosen: Suggestion[] = []
  const machine = suggestMachine.provide({
    actors: {
      lookup: fromPromise<readonly Suggestion[], SuggestQuery>(({ input }) => {
        queries.push(input)
        return answer(input)
      }),
    },
  })
  const actor = createActor(machine, { input: { kind } })
  actor.on("selected", ({ suggestion }) => void chosen.push(suggestion))
  actor.start()
  return { actor, queries, chosen }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

describe("suggestMachine", () => {
  test("looks up 300 ms after the last keystroke, with the trimmed text and count 5", async () => {
    const { actor, queries } = start("party", async () => [company("ПАО СБЕРБАНК", "ACTIVE")])
    actor.send({ type: "FOCUS" })
    actor.send({ type: "INPUT", text: " сбер" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1)
    actor.send({ type: "INPUT", text: " сбербанк " })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1)
    expect(queries).toEqual([])
    expect(actor.getSnapshot().matches({ focused: "debouncing" })).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(queries).toEqual([{ kind: "party", query: "сбербанк", count: SUGGEST_COUNT_DEFAULT }])
    await settle()
    expect(actor.getSnapshot().matches({ focused: "open" })).toBe(true)
    expect(actor.getSnapshot().context.suggestions.map((s) => s.value)).toEqual(["ПАО СБЕРБАНК"])
  })

  test("fewer than 3 characters never look up, and shorten an open list shut", async () => {
    const { actor, queries } = start("address", async () => [company("г Москва", "ACTIVE")])
    actor.send({ type: "FOCUS" })
    actor.send({ type: "INPUT", text: "мо " })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2)
    expect(queries).toEqual([])
    expect(actor.getSnapshot().matches({ focused: "idle" })).toBe(true)
    actor.send({ type: "INPUT", text: "мос" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    await settle()
    expect(actor.getSnapshot().matches({ focused: "open" })).toBe(true)
    actor.send({ type: "INPUT", text: "мо" })
    expect(actor.getSnapshot().matches({ focused: "idle" })).toBe(true)
    expect(actor.getSnapshot().context.suggestions).toEqual([])
  })

  test("an unfocused field never looks up, even with a long text", async () => {
    const { actor, queries } = start("party", async () => [company("ООО Ромашка", "ACTIVE")])
    actor.send({ type: "INPUT", text: "ромашка" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2)
    expect(queries).toEqual([])
    expect(actor.getSnapshot()).toMatchObject({ value: "blurred", context: { text: "ромашка" } })
    actor.send({ type: "FOCUS" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2)
    expect(queries).toEqual([])
  })

  test("companies that are not ACTIVE are dropped; none left keeps the list shut", async () => {
    let answer = [company("ООО Старая", "LIQUIDATED"), company("ООО Живая", "ACTIVE"), company("ООО Банкрот", "BANKRUPT")]
    const { actor } = start("party", async () => answer)
    actor.send({ type: "FOCUS" })
    actor.send({ type: "INPUT", text: "ооо" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    await settle()
    expect(actor.getSnapshot().context.suggestions.map((s) => s.value)).toEqual(["ООО Живая"])
    answer = [company("ООО Старая", "LIQUIDATED")]
    actor.send({ type: "INPUT", text: "ооо с" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    await settle()
    expect(actor.getSnapshot().matches({ focused: "idle" })).toBe(true)
    expect(actor.getSnapshot().context.suggestions).toEqual([])
  })

  test("addresses are kept whatever their data", async () => {
    const address: Suggestion = { value: "г Казань, ул Баумана", unrestricted_value: "420111, г Казань, ул Баумана", data: {} }
    const { actor } = start("address", async () => [address])
    actor.send({ type: "FOCUS" })
    actor.send({ type: "INPUT", text: "казань" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    await settle()
    expect(actor.getSnapshot().context.suggestions).toEqual([address])
  })

  test("a failed lookup leaves the list shut and marks the failure until the next keystroke", async () => {
    const { actor } = start("party", async () => {
      throw new Error("502")
    })
    actor.send({ type: "FOCUS" })
    actor.send({ type: "INPUT", text: "ромашка" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: { focused: "idle" }, context: { failed: true, suggestions: [] } })
    actor.send({ type: "INPUT", text: "ромашк" })
    expect(actor.getSnapshot().context.failed).toBe(false)
  })

  test("typing while a lookup runs drops its answer", async () => {
    const pending: Array<(list: readonly Suggestion[]) => void> = []
    const { actor, queries } = start("party", () => new Promise((resolve) => pending.push(resolve)))
    actor.send({ type: "FOCUS" })
    actor.send({ type: "INPUT", text: "ром" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    expect(actor.getSnapshot().matches({ focused: "loading" })).toBe(true)
    actor.send({ type: "INPUT", text: "рома" })
    pending[0]?.([company("ООО Ром", "ACTIVE")])
    await settle()
    expect(actor.getSnapshot().matches({ focused: "debouncing" })).toBe(true)
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    pending[1]?.([company("ООО Рома", "ACTIVE")])
    await settle()
    expect(queries.map((q) => q.query)).toEqual(["ром", "рома"])
    expect(actor.getSnapshot().context.suggestions.map((s) => s.value)).toEqual(["ООО Рома"])
  })

  test("choosing a suggestion sets the text, tells the form and closes the list", async () => {
    const sber = company("ПАО СБЕРБАНК", "ACTIVE")
    const { actor, chosen } = start("party", async () => [sber])
    actor.send({ type: "FOCUS" })
    actor.send({ type: "INPUT", text: "сбер" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
    await settle()
    actor.send({ type: "SELECT", suggestion: sber })
    expect(chosen).toEqual([sber])
    expect(actor.getSnapshot()).toMatchObject({ value: { focused: "idle" }, context: { text: "ПАО СБЕРБАНК", suggestions: [] } })
  })

  test("Escape, a click outside or leaving the field closes the list", async () => {
    const { actor } = start("party", async () => [company("ООО Ромашка", "ACTIVE")])
    const open = async () => {
      actor.send({ type: "FOCUS" })
      actor.send({ type: "INPUT", text: "ромашка" })
      await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS)
      await settle()
      expect(actor.getSnapshot().matches({ focused: "open" })).toBe(true)
    }
    await open()
    actor.send({ type: "CLOSE" })
    expect(actor.getSnapshot().matches({ focused: "idle" })).toBe(true)
    await open()
    actor.send({ type: "BLUR" })
    expect(actor.getSnapshot()).toMatchObject({ value: "blurred", context: { suggestions: [] } })
  })

  test("leaving the field during the pause cancels the lookup", async () => {
    const { actor, queries } = start("party", async () => [])
    actor.send({ type: "FOCUS" })
    actor.send({ type: "INPUT", text: "ромашка" })
    actor.send({ type: "BLUR" })
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2)
    expect(queries).toEqual([])
    expect(actor.getSnapshot().value).toBe("blurred")
  })
})
