import { useLocation } from "wouter"
import { ModalHost } from "../ModalHost.tsx"
import { CrmErrorPage } from "../../features/crm/CrmErrorPage.tsx"
import { CrmLayout } from "./CrmLayout.tsx"
import { CRM_ROUTES } from "../crm-routes.ts"
import { matchRoute } from "../match.ts"
import { RouteView } from "../RouteView.tsx"

/**
 * The admin area, in a chunk of its own: the CRM's part of the route table and its pages. The CRM's
 * frame (header, admin menu) shows only once the guards let an administrator in; the sign-in page is bare.
 */
export default function CrmArea() {
  const [path] = useLocation()
  const match = matchRoute(path, CRM_ROUTES)
  if (match?.route.bare) return <RouteView match={match} />
  // The modal host serves the form previews (the policy modal their consent links open).
  return (
    <ModalHost>
      <RouteView
        match={match}
        area="crm"
        frame={(page) => <CrmLayout>{page}</CrmLayout>}
        errorPage={(status) => (
          <CrmLayout>
            <CrmErrorPage status={status} />
          </CrmLayout>
        )}
      />
    </ModalHost>
  )
}
