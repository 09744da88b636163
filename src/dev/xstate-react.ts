/**
 * Development only: stands in for `@xstate/react` in the app's modules when INSPECT=1 (server/dev.ts):
 * the actors of `useActorRef`, `useMachine` and `createActorContext` show in the Stately inspector.
 */
import * as react from "@xstate/react"
import { withInspect } from "./inspector.ts"

export * from "@xstate/react"

type UseActorRef = (logic: unknown, options?: object, observer?: unknown) => unknown
type UseMachine = (logic: unknown, options?: object) => unknown
type CreateActorContext = (logic: unknown, options?: object) => unknown

export const useActorRef = ((logic, options, observer) =>
  (react.useActorRef as UseActorRef)(logic, withInspect(options), observer)) as UseActorRef as typeof react.useActorRef
export const useMachine = ((logic, options) => (react.useMachine as UseMachine)(logic, withInspect(options))) as UseMachine as typeof react.useMachine
export const createActorContext = ((logic, options) =>
  (react.createActorContext as CreateActorContext)(logic, withInspect(options))) as CreateActorContext as typeof react.createActorContext
