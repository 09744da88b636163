import "@fontsource-variable/golos-text"
import "../ui/theme.css.ts"
import { createRoot } from "react-dom/client"
import { App } from "./App.tsx"

createRoot(document.getElementById("root")!).render(<App />)
