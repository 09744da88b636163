import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import { defineConfig } from "vitest/config"

/**
 * Three projects, run in this order by `npm test`:
 * - unit: machines, schemas and pure modules, no I/O;
 * - api: a real server on an ephemeral port with a temporary database (TEST_DATABASE_URL switches to PostgreSQL);
 * - browser: generated path tests (tests/model) and end-to-end tests (tests/e2e) in real Chromium against
 *   the built app; one build for the whole run (globalSetup).
 */
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    reporters: ["default", "./tests/support/retried-reporter.ts"],
    projects: [
      // Unit tests have no I/O, but a loaded 2-core CI machine once took over vitest's default 5 s on a
      // server render's first import: time is the bench's business, a timeout only catches a hang.
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", testTimeout: 30_000 } },
      // One file at a time (on PostgreSQL they share one database). `isolate: false`: the files run in one
      // worker that imports the server's modules once, not once per file (that import was ~40% of the
      // stage); each file still starts its own server on its own database (tests/api/harness.ts), and tests/support keeps no
      // state between files (docs/production.md, "CI time").
      {
        extends: true,
        test: { name: "api", include: ["tests/api/**/*.test.ts", "tests/security/**/*.test.ts"], fileParallelism: false, isolate: false, testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["tests/model/**/*.test.ts", "tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/build.ts"],
          // Two files at once, each with its own server, database and Chromium: a path test mostly waits on
          // the page, so two workers keep both cores busy. Modules are imported once per worker (isolate).
          // Under that load a state's check may take longer than expect.poll's default 1 s to come true: the
          // poll waits up to 10 s (a wait, not an assertion; Playwright's own waits allow 30 s).
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
          expect: { poll: { timeout: 10_000 } },
          // A failed test runs once more: real Chromium beside a server on a loaded 2-core machine can lose a
          // race no product bug causes. Every test that needed it is named at the end (retried-reporter.ts)
          // and in .ci/run's summary; a test that fails twice fails the run.
          retry: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Faults against the real server process (kill -9, SIGTERM, a PostgreSQL restart on its own
      // cluster); `npm run soak` and CI's soak step run it, `npm test` does not.
      {
        extends: true,
        test: { name: "soak", include: ["tests/soak/**/*.test.ts"], fileParallelism: false, testTimeout: 300_000, hookTimeout: 120_000 },
      },
    ],
  },
})
