import { assign, fromPromise, setup } from "xstate"

export interface CityOption {
  readonly id: string
  readonly name: string
  readonly slug: string
}

export type CityEvent =
  /** The visitor picked a city in the selector. */
  | { type: "CHOOSE"; slug: string }
  /** A region page was opened directly: its city becomes the current one. */
  | { type: "VISIT"; slug: string; name: string }
  /** The visitor is back on the index page. */
  | { type: "CLEAR" }

export interface CityContext {
  readonly cities: readonly CityOption[]
  /** Name of the current city (the `cityName` cookie), null for all regions. */
  readonly current: string | null
}

/**
 * City choice (SPEC.md section 2, "Header behaviour"): starts from the cities the page came with, or
 * loads them through the `loadCities` actor; picking one stores it (`storeCity`) and goes to its region route (`goToRegion`); returning
 * to the index clears it (`clearCity`). All effects are provided by the app.
 */
export const cityMachine = setup({
  types: {
    context: {} as CityContext,
    input: {} as { current?: string | null; cities?: readonly CityOption[] | null } | undefined,
    events: {} as CityEvent,
  },
  actors: {
    loadCities: fromPromise<readonly CityOption[]>(async () => []),
  },
  actions: {
    storeCity: (_, _params: { name: string }) => {},
    clearCity: () => {},
    goToRegion: (_, _params: { slug: string }) => {},
    reportError: (_, _params: { error: unknown }) => {},
    remember: assign({ current: ({ event }) => (event.type === "VISIT" ? event.name : null) }),
  },
  guards: {
    knownCity: ({ context, event }) => event.type === "CHOOSE" && context.cities.some((c) => c.slug === event.slug),
    hasCity: ({ context }) => context.current !== null,
    hasCities: ({ context }) => context.cities.length > 0,
  },
}).createMachine({
  id: "city",
  context: ({ input }) => ({ cities: input?.cities ?? [], current: input?.current ?? null }),
  // Cities embedded in the page (the server's startup data) need no loading.
  initial: "checking",
  // While loading (or after a failure) the choice is remembered; in `ready` it also moves the state.
  on: {
    CLEAR: { actions: [assign({ current: null }), "clearCity"] },
    VISIT: { actions: ["remember", { type: "storeCity", params: ({ event }) => ({ name: event.name }) }] },
  },
  states: {
    checking: {
      always: [{ guard: "hasCities", target: "ready" }, { target: "loading" }],
    },
    loading: {
      invoke: {
        id: "loadCities",
        src: "loadCities",
        onDone: { target: "ready", actions: assign({ cities: ({ event }) => event.output }) },
        onError: { target: "failed", actions: { type: "reportError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The list could not be loaded: the selector offers only 'Все регионы'. */
    failed: {},
    ready: {
      initial: "deciding",
      states: {
        deciding: { always: [{ guard: "hasCity", target: "chosen" }, { target: "none" }] },
        none: {},
        chosen: {},
      },
      on: {
        CLEAR: { target: ".none", actions: [assign({ current: null }), "clearCity"] },
        VISIT: { target: ".chosen", actions: ["remember", { type: "storeCity", params: ({ event }) => ({ name: event.name }) }] },
        CHOOSE: {
          guard: "knownCity",
          target: ".chosen",
          actions: [
            assign({ current: ({ context, event }) => context.cities.find((c) => c.slug === event.slug)?.name ?? null }),
            { type: "storeCity", params: ({ context, event }) => ({ name: context.cities.find((c) => c.slug === event.slug)?.name ?? "" }) },
            { type: "goToRegion", params: ({ event }) => ({ slug: event.slug }) },
          ],
        },
      },
    },
  },
})
