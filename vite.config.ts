import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: {
    outDir: "dist",
    sourcemap: false,
    // Stats for bench/: which chunks the home page loads and which hold CRM code.
    manifest: true,
  },
})
