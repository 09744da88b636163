import { useState } from "react"

/** Where the desktop's choice to hide the CRM's menu is kept between visits (this browser only). */
export const NAV_COLLAPSED_KEY = "crm.nav.collapsed"

function stored(): boolean {
  try {
    return typeof localStorage !== "undefined" && localStorage.getItem(NAV_COLLAPSED_KEY) === "1"
  } catch {
    return false
  }
}

/** Whether the side menu is hidden on a wide screen, remembered in localStorage (a blocked storage forgets). */
export function useNavCollapsed(): readonly [boolean, (next: boolean) => void] {
  const [collapsed, setCollapsed] = useState(stored)
  const set = (next: boolean) => {
    setCollapsed(next)
    try {
      localStorage.setItem(NAV_COLLAPSED_KEY, next ? "1" : "0")
    } catch {
      // Private mode or a full storage: the choice lasts this visit.
    }
  }
  return [collapsed, set] as const
}
