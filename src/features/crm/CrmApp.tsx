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
import { adminUsersResource } from "./resources/admin-users.ts"
import { citiesResource } from "./resources/cities.ts"
import { menuItemsResource } from "./resources/menu-items.ts"
import { feedbacksResource, remoteOffersResource } from "./resources/visitor-requests.ts"
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

/** Pages of the CRM (SPEC.md section 2, admin routes), behind the admin guard and layout. */
function CrmPages() {
  return (
    <CrmGuard>
      <CrmLayout>
        <Switch>
          <Route path="/crm">
            <Dashboard />
          </Route>
          <Route path="/crm/admin_users">
            <ResourceList key="admin_users" resource={adminUsersResource} />
          </Route>
          <Route path="/crm/admin_users/new">
            <ResourceEdit key="admin_users-new" resource={adminUsersResource} id={null} />
          </Route>
          <Route path="/crm/admin_users/:id/edit">{(p) => <ResourceEdit key={`admin_users-${p.id}`} resource={adminUsersResource} id={p.id} />}</Route>
          <Route path="/crm/menu_items">
            <ResourceList key="menu_items" resource={menuItemsResource} />
          </Route>
          <Route path="/crm/menu_items/new">
            <ResourceEdit key="menu_items-new" resource={menuItemsResource} id={null} />
          </Route>
          <Route path="/crm/menu_items/:id/edit">{(p) => <ResourceEdit key={`menu_items-${p.id}`} resource={menuItemsResource} id={p.id} />}</Route>
          <Route path="/crm/cities">
            <ResourceList key="cities" resource={citiesResource} />
          </Route>
          <Route path="/crm/cities/new">
            <ResourceEdit key="cities-new" resource={citiesResource} id={null} />
          </Route>
          <Route path="/crm/cities/:id/edit">{(p) => <ResourceEdit key={`cities-${p.id}`} resource={citiesResource} id={p.id} />}</Route>
          <Route path="/crm/remote_offers">
            <ResourceList key="remote_offers" resource={remoteOffersResource} />
          </Route>
          <Route path="/crm/feedbacks">
            <ResourceList key="feedbacks" resource={feedbacksResource} />
          </Route>
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
