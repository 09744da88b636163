import { describe, expect, test, vi } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { type CityOption, cityMachine } from "../../machines/city.machine.ts"

const cities: CityOption[] = [
  { id: "1", name: "Казань", slug: "kazan" },
  { id: "2", name: "Москва", slug: "moskva" },
]

function start(opts: { current?: string | null; fail?: boolean } = {}) {
  const fx = { storeCity: vi.fn(), clearCity: vi.fn(), goToRegion: vi.fn(), reportError: vi.fn() }
  const machine = cityMachine.provide({
    actors: { loadCities: fromPromise(async () => (opts.fail ? Promise.reject(new Error("нет сети")) : cities)) },
    actions: {
      storeCity: (_, p) => fx.storeCity(p.name),
      clearCity: () => fx.clearCity(),
      goToRegion: (_, p) => fx.goToRegion(p.slug),
      reportError: (_, p) => fx.reportError(p.error),
    },
  })
  return { actor: createActor(machine, { input: { current: opts.current ?? null } }).start(), fx }
}

describe("cityMachine", () => {
  test("loads the cities; without a stored city it offers all regions", async () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toBe("loading")
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().value).toEqual({ ready: "none" })
    expect(actor.getSnapshot().context.cities).toEqual(cities)
  })

  test("a stored city is the current one", async () => {
    const { actor } = start({ current: "Москва" })
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().value).toEqual({ ready: "chosen" })
  })

  test("choosing a city stores its name and goes to its region route", async () => {
    const { actor, fx } = start()
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "CHOOSE", slug: "kazan" })
    expect(actor.getSnapshot().value).toEqual({ ready: "chosen" })
    expect(actor.getSnapshot().context.current).toBe("Казань")
    expect(fx.storeCity).toHaveBeenCalledWith("Казань")
    expect(fx.goToRegion).toHaveBeenCalledWith("kazan")
  })

  test("an unknown slug is ignored", async () => {
    const { actor, fx } = start()
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "CHOOSE", slug: "atlantida" })
    expect(actor.getSnapshot().value).toEqual({ ready: "none" })
    expect(fx.goToRegion).not.toHaveBeenCalled()
  })

  test("returning to the index clears the city, even while loading", async () => {
    const { actor, fx } = start({ current: "Казань" })
    actor.send({ type: "CLEAR" })
    expect(fx.clearCity).toHaveBeenCalledTimes(1)
    await waitFor(actor, (s) => s.matches("ready"))
    expect(actor.getSnapshot().value).toEqual({ ready: "none" })
    actor.send({ type: "CHOOSE", slug: "moskva" })
    actor.send({ type: "CLEAR" })
    expect(actor.getSnapshot().value).toEqual({ ready: "none" })
    expect(actor.getSnapshot().context.current).toBeNull()
    expect(fx.clearCity).toHaveBeenCalledTimes(2)
  })

  test("opening a region page directly makes its city current without navigating", async () => {
    const { actor, fx } = start()
    await waitFor(actor, (s) => s.matches("ready"))
    actor.send({ type: "VISIT", slug: "kazan", name: "Казань" })
    expect(actor.getSnapshot().value).toEqual({ ready: "chosen" })
    expect(fx.storeCity).toHaveBeenCalledWith("Казань")
    expect(fx.goToRegion).not.toHaveBeenCalled()
  })

  test("a failed load is reported and leaves only all regions", async () => {
    const { actor, fx } = start({ fail: true })
    await waitFor(actor, (s) => s.matches("failed"))
    expect(fx.reportError).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.cities).toEqual([])
  })
})
