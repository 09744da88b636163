import { assign, setup } from "xstate"
import { isAdminPath } from "../schemas/routes.ts"

/**
 * Context switching (SPEC.md section 3): a path containing /crm or /admin_users is the admin
 * context, anything else the site. Changing context logs the user out through the provided
 * `contextChanged` action (the app wires it to the session's LOGOUT). The first path only sets the
 * context: opening the site does not log anyone out.
 */
export type AppContext = "site" | "admin"

export const contextMachine = setup({
  types: {
    context: {} as { path: string },
    input: {} as { path: string } | undefined,
    events: {} as { type: "PATH_CHANGED"; path: string },
  },
  actions: {
    /** Provided: the session logs out. */
    contextChanged: (_, _params: { from: AppContext; to: AppContext }) => {},
  },
  guards: {
    atAdminPath: ({ context }) => isAdminPath(context.path),
    toAdminPath: ({ event }) => isAdminPath(event.path),
  },
}).createMachine({
  id: "context",
  context: ({ input }) => ({ path: input?.path ?? "/" }),
  initial: "detecting",
  states: {
    detecting: {
      always: [{ guard: "atAdminPath", target: "admin" }, { target: "site" }],
    },
    site: {
      on: {
        PATH_CHANGED: [
          {
            guard: "toAdminPath",
            target: "admin",
            actions: [assign(({ event }) => ({ path: event.path })), { type: "contextChanged", params: { from: "site", to: "admin" } }],
          },
          { actions: assign(({ event }) => ({ path: event.path })) },
        ],
      },
    },
    admin: {
      on: {
        PATH_CHANGED: [
          { guard: "toAdminPath", actions: assign(({ event }) => ({ path: event.path })) },
          {
            target: "site",
            actions: [assign(({ event }) => ({ path: event.path })), { type: "contextChanged", params: { from: "admin", to: "site" } }],
          },
        ],
      },
    },
  },
})
