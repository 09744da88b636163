import { createContext, useContext } from "react"

/** The site's public address for canonical links: the server's SITE_URL, embedded for the browser. */
export const OriginContext = createContext("")

export const useOrigin = () => useContext(OriginContext)
