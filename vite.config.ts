import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), vanillaExtractPlugin()],
  // The server renderer (`vite build --ssr`, server/build.ts) needs no copy of public/, and bundles
  // its dependencies: React's production build whatever NODE_ENV the server runs under.
  publicDir: isSsrBuild ? false : "public",
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
  build: {
    outDir: "dist",
    sourcemap: false,
    // Browsers of today preload modules themselves: no polyfill in the first load.
    modulePreload: { polyfill: false },
    // Stats for bench/: which chunks the home page loads and which hold CRM code.
    manifest: !isSsrBuild,
  },
}))
