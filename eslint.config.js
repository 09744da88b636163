import { readdirSync } from "node:fs"
import js from "@eslint/js"
import importX from "eslint-plugin-import-x"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

/**
 * Imports run one way (DESIGN.md, as bulletproof-react's zones): app → features → ui, api, machines,
 * schemas; a feature imports another only through its public `index.ts`; ui and api import no feature
 * (nor the app); machines import nothing from React, the DOM or src/; schemas import nothing of src/,
 * machines/ or server/.
 */
const features = readdirSync("src/features", { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
const publicApis = features.map((f) => `./${f}/index.ts`)

const zones = [
  { target: "./src/features", from: "./src/app", message: "A feature does not import the app: the app composes features." },
  { target: ["./src/ui", "./src/api"], from: ["./src/features", "./src/app"], message: "ui and api know no feature." },
  { target: "./src/api", from: "./src/ui", message: "The API client knows no widget." },
  { target: "./machines", from: ["./src", "./server"], message: "A machine knows nothing of the app: its effects are provided." },
  { target: "./schemas", from: ["./src", "./machines", "./server"], message: "Schemas are shared by browser and server: they import neither." },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: "./src/features",
    except: [`./${f}`, ...publicApis.filter((p) => p !== `./${f}/index.ts`)],
    message: "A feature imports another feature only through its index.ts.",
  })),
]

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
  {
    files: ["src/**/*.{ts,tsx}", "machines/**/*.ts", "schemas/**/*.ts"],
    plugins: { "import-x": importX },
    rules: { "import-x/no-restricted-paths": ["error", { zones }] },
  },
  {
    files: ["machines/**/*.ts"],
    languageOptions: { globals: { ...globals.es2021 } },
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["react", "react-dom", "react-dom/*", "@xstate/react", "wouter", "wouter/*"], message: "A machine knows no React." }] }],
      "no-restricted-globals": ["error", "window", "document", "navigator", "location", "localStorage", "sessionStorage", "fetch"],
    },
  },
)
