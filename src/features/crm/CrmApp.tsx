import { Route, Switch, useLocation } from "wouter"
import { ContextNotice } from "../guards/ContextNotice.tsx"
import { ErrorPage } from "../shell/ErrorPage.tsx"
import { isSectionPath, sectionOf } from "./admin-menu.ts"
import { ComingSoon } from "./ComingSoon.tsx"
import { CrmGuard, SIGN_IN_PATH } from "./CrmGuard.tsx"
import { CrmLayout } from "./CrmLayout.tsx"
import { Dashboard } from "./Dashboard.tsx"
import { FormPreview } from "./FormPreview.tsx"
import { FormsCatalog } from "./FormsCatalog.tsx"
import { crmResources } from "../../../schemas/resources/index.ts"
import { ResourceEdit } from "./ResourceEdit.tsx"
import { ResourceList } from "./ResourceList.tsx"
import { SignInPage } from "./SignInPage.tsx"

/** A CRM page that is no declared route: a section still to come, or a 404. */
function OtherCrmPage() {
  const [path] = useLocation()
  const section = sectionOf(path)
  if (section && isSectionPath(section.href, path)) return <ComingSoon section={section} />
  return <ErrorPage status={404} />
}

/**
 * The routes of every declared resource (schemas/resources/index.ts): its list at `routeBase`, and
 * unless read-only `/new` and `/{id}/edit` below it.
 */
const resourceRoutes = crmResources.flatMap((r) => [
  <Route key={r.name} path={r.routeBase}>
    <ResourceList key={r.name} resource={r} />
  </Route>,
  ...(r.readOnly
    ? []
    : [
        <Route key={`${r.name}-new`} path={`${r.routeBase}/new`}>
          <ResourceEdit key={`${r.name}-new`} resource={r} id={null} />
        </Route>,
        <Route key={`${r.name}-edit`} path={`${r.routeBase}/:id/edit`}>
          {(p) => <ResourceEdit key={`${r.name}-${p.id}`} resource={r} id={p.id} />}
        </Route>,
      ]),
])

/** Pages of the CRM (SPEC.md section 2, admin routes), behind the admin guard and layout. */
function CrmPages() {
  return (
    <CrmGuard>
      <CrmLayout>
        <Switch>
          <Route path="/crm">
            <Dashboard />
          </Route>
          {resourceRoutes}
          <Route path="/crm/forms">
            <FormsCatalog />
          </Route>
          <Route path="/crm/forms/:id">{(p) => <FormPreview key={p.id} id={p.id} />}</Route>
          <Route>
            <OtherCrmPage />
          </Route>
        </Switch>
      </CrmLayout>
    </CrmGuard>
  )
}

/** The admin area: the sign-in page, and the CRM for signed-in admins. */
export default function CrmApp() {
  const [path] = useLocation()
  if (path === SIGN_IN_PATH) return <SignInPage />
  if (path === "/crm" || path.startsWith("/crm/")) {
    return (
      <>
        <ContextNotice />
        <CrmPages />
      </>
    )
  }
  return <ErrorPage status={404} />
}
