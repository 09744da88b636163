import { useActorRef } from "@xstate/react"
import { createContext, useContext } from "react"
import { useLocation } from "wouter"
import { fromPromise } from "xstate"
import { type CityOption, cityMachine } from "../../../machines/city.machine.ts"
import { CITY_COOKIE_DAYS } from "../../../schemas/constants.ts"
import type { CityResource } from "../../../schemas/entities/city.ts"
import { messages } from "../../../schemas/messages/common.ts"
import { asClientError } from "../../api/client.ts"
import { clearCookie, readCookie, writeCookie } from "../../api/cookies.ts"
import { pushAlert } from "../alerts/index.ts"

/** The cookie that keeps the current city's name (SPEC.md section 3). */
export const CITY_COOKIE = "cityName"

const cityOption = (c: CityResource): CityOption => ({ id: c.id, name: c.attributes.name, slug: c.attributes.slug })

export type CityActor = ReturnType<typeof useCityActor>

/** The cities of the startup data: those the page came with, and the load of the missing ones. */
export interface StartupCities {
  readonly cities: readonly CityResource[] | null
  /** Settles with the cities once the startup data is loaded (null when they failed: that was reported). */
  readonly loaded: Promise<readonly CityResource[] | null>
}

/**
 * The city actor of the site: starts from the cities the page came with (else waits for the startup
 * data to load them) and from the route's city (the region page's, none on the index) or the
 * `cityName` cookie; keeps the choice in that cookie.
 */
export function useCityActor(startup: StartupCities, current?: string | null) {
  const [, navigate] = useLocation()
  return useActorRef(
    cityMachine.provide({
      actors: {
        loadCities: fromPromise<readonly CityOption[]>(async () => ((await startup.loaded) ?? []).map(cityOption)),
      },
      actions: {
        storeCity: (_, { name }) => writeCookie(CITY_COOKIE, name, CITY_COOKIE_DAYS),
        clearCity: () => clearCookie(CITY_COOKIE),
        goToRegion: (_, { slug }) => navigate(`/${slug}`),
        reportError: (_, { error }) => pushAlert({ text: `${messages.shell.loadFailed}: ${asClientError(error).message}`, apiError: true }),
      },
    }),
    { input: { current: current !== undefined ? current : (readCookie(CITY_COOKIE) ?? null), cities: startup.cities?.map(cityOption) ?? null } },
  )
}

export const CityContext = createContext<CityActor | null>(null)

export function useCity(): CityActor {
  const actor = useContext(CityContext)
  if (!actor) throw new Error("CityContext is missing")
  return actor
}
