import "@fontsource-variable/golos-text"
import "../ui/theme.css.ts"
import { startTransition } from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import { captureUtm } from "../features/requests/utm.ts"
import { App } from "./App.tsx"
import { installHistoryGuard } from "../features/shell/history-guard.ts"
import { readBoot } from "./boot.ts"
import { scheduleWebFont } from "./web-font.ts"
import { matchRoute } from "./match.ts"
import { loadPage, seedData, seedPage } from "./route-cache.ts"

captureUtm(window.location.search)
installHistoryGuard()

const root = document.getElementById("root")!
const boot = readBoot()
scheduleWebFont(Boolean(boot && root.hasChildNodes()))

if (boot && root.hasChildNodes()) {
  // The server rendered this page: hydrate it with the data it embedded, once the page's code is
  // here, so the first render matches the HTML (no second fetch, no flash).
  const match = matchRoute(window.location.pathname)
  if (match && boot.route) seedData(match.route, boot.route.path, boot.route.search, boot.route.loaded)
  const ready = match ? loadPage(match.route).then((page) => seedPage(match.route, page)) : Promise.resolve()
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (one long task on a slow phone), and a click meanwhile goes first.
  void ready.finally(() => startTransition(() => void hydrateRoot(root, <App boot={boot} />)))
} else {
  createRoot(root).render(<App boot={boot} />)
}
