import { messages } from "../../schemas/messages.ts"
import type { AppRoute } from "./route-types.ts"

/** CRM pages need an administrator's session: the authorization guard sends anyone else to the admin sign-in. */
const ADMINS = { admin: true } as const

/** The admin area (SPEC.md section 2, admin routes): the sign-in page and the CRM. */
export const CRM_ROUTES: readonly AppRoute[] = [
  {
    name: "admin_users-sign_in",
    path: "/admin_users/sign_in",
    area: "crm",
    bare: true,
    head: { title: messages.admin.signInTitle },
    page: () => import("../features/crm/SignInPage.tsx").then((m) => m.SignInPage),
  },
  {
    name: "crm",
    path: "/crm/*?",
    area: "crm",
    access: ADMINS,
    head: { title: messages.admin.crmTitle },
    page: () => import("../features/crm/CrmApp.tsx").then((m) => m.default),
  },
]
