import { crmMessages } from "../../schemas/messages/crm.ts"
import { messages } from "../../schemas/messages/common.ts"
import { crmResources } from "../../schemas/resources/index.ts"
import { type AdminRole, CONTENT_ROLES } from "../../schemas/roles.ts"
import { DEFAULT_GUARDS } from "./guards.ts"
import type { AppRoute, PageComponent, RouteAccess } from "./route-types.ts"

/**
 * The CRM's part of the route table (SPEC.md section 2, admin routes), derived from the CRM resource
 * declarations: each declared resource's list, `/new` and `/{id}/edit`; the dashboard and the form
 * previews. Every link of the admin menu is one of them (tests/unit/crm-edit.resources.test.ts).
 * It loads with the CRM's own chunk (the declarations carry Effect Schema): no visitor of the site
 * downloads it. Route names follow the spec: `crm-menu_items`, `crm-menu_items-new`, `crm-menu_items-id-edit`.
 */
const ADMINS: RouteAccess = { admin: true }
/** A section of some roles only: the others get the 403 page (role_check; the API answers them 403 too). */
const forRoles = (roles: readonly AdminRole[]): RouteAccess => ({ admin: true, guards: [...DEFAULT_GUARDS, "role_check"], user_role: roles })

/** `/crm/menu_items/:id/edit` → `crm-menu_items-id-edit`. */
export const routeNameOf = (path: string) =>
  path
    .replace(/^\//, "")
    .split("/")
    .map((s) => s.replace(/^:/, "").replace(/\?$/, ""))
    .join("-")

const crm = (
  path: string,
  title: string,
  page: () => Promise<PageComponent>,
  props?: Readonly<Record<string, unknown>>,
  roles?: readonly AdminRole[],
): AppRoute => ({
  name: routeNameOf(path),
  path,
  area: "crm",
  access: roles ? forRoles(roles) : ADMINS,
  head: { title },
  page,
  ...(props ? { props } : {}),
})

// Generic pages: the route's `props` hand them the declaration (or the menu section) they serve.
const listPage = () => import("../features/crm/ResourceList.tsx").then((m) => m.ResourceList as unknown as PageComponent)
const editPage = () => import("../features/crm/ResourceEdit.tsx").then((m) => m.ResourceEdit as unknown as PageComponent)
const previewPage = () => import("../features/crm/ResourcePreview.tsx").then((m) => m.ResourcePreview as unknown as PageComponent)
const showPage = () => import("../features/crm/ResourceShow.tsx").then((m) => m.ResourceShow as unknown as PageComponent)

const FORMS = "/crm/forms"

export const CRM_ROUTES: readonly AppRoute[] = [
  {
    name: "admin_users-sign_in",
    path: "/admin_users/sign_in",
    area: "crm",
    bare: true,
    head: { title: messages.admin.signInTitle },
    page: () => import("../features/crm/SignInPage.tsx").then((m) => m.SignInPage),
  },
  crm("/crm", messages.admin.dashboardTitle, () => import("../features/crm/Dashboard.tsx").then((m) => m.Dashboard)),
  // A singleton (robots.txt): its one record's form at the menu's address.
  ...crmResources.filter((r) => r.singleton && r.edit).map((resource) => crm(resource.routeBase, resource.edit!.editTitle, editPage, { resource }, resource.roles)),
  ...crmResources.filter((r) => !r.singleton).flatMap((resource) => [
    crm(resource.routeBase, resource.title, listPage, { resource }, resource.roles),
    ...(resource.edit
      ? [
          crm(`${resource.routeBase}/new`, resource.edit.newTitle, editPage, { resource }, resource.roles),
          crm(`${resource.routeBase}/:id/edit`, resource.edit.editTitle, editPage, { resource }, resource.roles),
        ]
      : [crm(`${resource.routeBase}/:id`, resource.title, showPage, { resource }, resource.roles)]),
    ...(resource.preview ? [crm(`${resource.routeBase}/:id/preview`, crmMessages.preview, previewPage, { resource }, resource.roles)] : []),
  ]),
  // The site's forms are content: as the menu says (its slot's roles).
  crm(FORMS, messages.forms.previewTitle, () => import("../features/crm/FormsCatalog.tsx").then((m) => m.FormsCatalog), undefined, CONTENT_ROLES),
  crm(`${FORMS}/:id`, messages.forms.previewTitle, () => import("../features/crm/FormPreview.tsx").then((m) => m.FormPreview), undefined, CONTENT_ROLES),
]
