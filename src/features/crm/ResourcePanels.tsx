import { type ComponentType, lazy, Suspense } from "react"
import { type AdminRole, allows, ORDER_ROLES } from "../../../schemas/roles.ts"
import type { CrmRecord, ResourceDeclaration } from "./resource.ts"
import { useAdminRole } from "./role.ts"

/** What a panel gets: the resource, the record on its page (null on the list page), and how to say it changed something. */
export interface PanelProps {
  readonly resource: ResourceDeclaration
  readonly record: CrmRecord | null
  readonly onChanged: () => void
}

/**
 * The panels a declaration may name (`panels`): a feature's own blocks of the CRM's generic pages,
 * loaded with the page that shows them: the register's (src/features/register) and the МЧД registry's (src/features/epoa).
 */
const register = () => import("../register/index.ts")
const epoa = () => import("../epoa/index.ts")
const validation = () => import("../validation/index.ts")
const REGISTRY: Readonly<Record<string, ComponentType<PanelProps>>> = {
  certificate_import: lazy(() => register().then((m) => ({ default: m.CertificateImportPanel }))),
  certificate_phone_suspend: lazy(() => register().then((m) => ({ default: m.PhoneSuspendPanel }))),
  certificate_order_link: lazy(() => register().then((m) => ({ default: m.CertificateOrderPanel }))),
  order_issue_certificate: lazy(() => register().then((m) => ({ default: m.IssueCertificatePanel }))),
  epoa_upload: lazy(() => epoa().then((m) => ({ default: m.EpoaUploadPanel }))),
  trust_roots_upload: lazy(() => validation().then((m) => ({ default: m.TrustRootsUploadPanel }))),
  order_identity_check: lazy(() => import("../orders/crm/index.ts").then((m) => ({ default: m.OrderDeskPanel }))),
}

/** Panels narrower than their resource's roles: an order's desk and issue are not the accountant's (the server refuses them too). */
const PANEL_ROLES: Readonly<Record<string, readonly AdminRole[]>> = { order_identity_check: ORDER_ROLES, order_issue_certificate: ORDER_ROLES }

export function ResourcePanels({ names, ...props }: PanelProps & { readonly names: readonly string[] }) {
  const role = useAdminRole()
  return (
    <Suspense fallback={null}>
      {names.map((name) => {
        const Panel = REGISTRY[name]
        const roles = PANEL_ROLES[name]
        return Panel && (!roles || allows(roles, role)) ? <Panel key={name} {...props} /> : null
      })}
    </Suspense>
  )
}
