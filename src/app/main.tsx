import "@fontsource-variable/golos-text"
import "../ui/theme.css.ts"
import { createRoot } from "react-dom/client"
import { captureUtm } from "../features/requests/utm.ts"
import { App } from "./App.tsx"

captureUtm(window.location.search)

createRoot(document.getElementById("root")!).render(<App />)
