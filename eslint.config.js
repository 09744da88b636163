import { readdirSync } from "node:fs"
import js from "@eslint/js"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

/**
 * Imports run one way (DESIGN.md, as bulletproof-react's zones): app → features → ui, api, machines,
 * schemas; a feature imports another feature only through that feature's `index.ts`; ui and api import
 * no feature (nor the app), and api no widget; machines import nothing of src/ or the server, nor React
 * or the DOM; schemas import nothing of src/, machines/ or the server. Checked with ESLint's own
 * no-restricted-imports on the import paths (relative, as the project writes them), one rule per
 * folder depth, so the check needs no resolver.
 */
const features = readdirSync("src/features", { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
const ups = (n) => "\\.\\./".repeat(n)
const TS = "{ts,tsx}"

const restrict = (files, patterns, extra = {}) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns, ...extra }] },
})

const DEPTHS = [1, 2, 3, 4]

/** Files of a feature at a folder depth: `src/features/<f>/*.ts` is depth 1. */
const featureRules = features.flatMap((f) =>
  DEPTHS.map((d) =>
    restrict(
      [`src/features/${f}/${"*/".repeat(d - 1)}*.${TS}`],
      [
        { regex: `^${ups(d + 1)}app/`, message: "A feature does not import the app: the app composes features." },
        {
          regex: `^${ups(d)}(?!${f}/)[a-z][a-z0-9-]*/(?!index\\.ts$)`,
          message: "A feature imports another feature only through its index.ts.",
        },
      ],
    ),
  ),
)

export default tseslint.config(
  { ignores: ["dist", "node_modules", "data", "machines-export", ".tmp", "test-results"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "off",
    },
  },
  ...featureRules,
  restrict([`src/ui/**/*.${TS}`], [{ regex: "^(\\.\\./)+(features|app)/", message: "ui knows no feature and no app." }]),
  restrict([`src/api/**/*.${TS}`], [{ regex: "^(\\.\\./)+(features|app|ui)/", message: "The API client knows no feature, app or widget." }]),
  restrict(
    [`schemas/**/*.${TS}`],
    [{ regex: "^(\\.\\./)+(src|machines|server)/", message: "Schemas are shared by browser and server: they import neither." }],
  ),
  {
    ...restrict(
      ["machines/**/*.ts"],
      [
        { regex: "^(\\.\\./)+(src|server)/", message: "A machine knows nothing of the app: its effects are provided." },
        { group: ["react", "react-dom", "react-dom/*", "@xstate/react", "wouter", "wouter/*"], message: "A machine knows no React." },
      ],
    ),
    languageOptions: { globals: { ...globals.es2021 } },
  },
  {
    files: ["machines/**/*.ts"],
    rules: { "no-restricted-globals": ["error", "window", "document", "navigator", "location", "localStorage", "sessionStorage", "fetch"] },
  },
)
