/**
 * Development only: stands in for `xstate` in the app's modules when INSPECT=1 (server/dev.ts), so
 * every actor the app creates with `createActor` shows in the Stately inspector. Everything else is
 * xstate's own (this folder's own imports of `xstate` reach the real package).
 */
import { createActor as create } from "xstate"
import { withInspect } from "./inspector.ts"

export * from "xstate"

export const createActor = ((logic, options) => create(logic, withInspect(options))) as typeof create
