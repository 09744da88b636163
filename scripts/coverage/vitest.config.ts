import { fileURLToPath } from "node:url"
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config"
import base from "../../vitest.config.ts"

/**
 * `npm run machines:coverage` runs the generated path tests (tests/model) with the team's browser
 * project settings, plus the setup file that records what each path reached (record.ts).
 */
const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[]
const browser = projects.find((p) => p.test?.name === "browser")
if (!browser?.test) throw new Error("vitest.config.ts has no browser project")

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  plugins: base.plugins ?? [],
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...browser.test,
          name: "machines-coverage",
          include: ["tests/model/**/*.test.ts"],
          // record.ts wraps TestModel's testPath once per file: each file needs its own modules.
          isolate: true,
          setupFiles: [fileURLToPath(new URL("./record.ts", import.meta.url))],
        },
      },
    ],
  },
})
