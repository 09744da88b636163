import type { ReactNode } from "react"
import { renderToString } from "react-dom/server"
import { describe, expect, test } from "vitest"
import { Router } from "wouter"
import { messages } from "../../schemas/messages.ts"
import { AlertsHost } from "../../src/features/alerts/AlertsHost.tsx"
import { SessionRoot } from "../../src/features/session/SessionRoot.tsx"
import { ErrorPage } from "../../src/features/shell/ErrorPage.tsx"
import { SiteApp } from "../../src/features/shell/SiteApp.tsx"

/** The shell renders without a browser: no module touches window or document at import or render time. */
describe("public shell on the server", () => {
  const render = (path: string) =>
    renderToString(
      <Router ssrPath={path}>
        <SessionRoot>
          <SiteApp />
          <AlertsHost />
        </SessionRoot>
      </Router>,
    )

  test("the index renders its heading, the header and the footer", () => {
    const html = render("/")
    expect(html).toContain(messages.home.title)
    expect(html).toContain(messages.shell.allRegions)
    expect(html).toContain(messages.shell.copyright(new Date().getFullYear()))
  })

  test("an information page renders its title and the preparing notice", () => {
    const html = render("/office")
    expect(html).toContain(messages.pages.office)
    expect(html).toContain(messages.shell.preparing)
  })

  test("an unknown path renders the 404 page", () => {
    expect(render("/no/such/page")).toContain(messages.errors.notFound)
  })

  test("each status has its error page", () => {
    const page = (node: ReactNode) => renderToString(<Router ssrPath="/x">{node}</Router>)
    expect(page(<ErrorPage status={404} />)).toContain("Страница не найдена")
    expect(page(<ErrorPage status={403} />)).toContain("Доступ запрещён")
    expect(page(<ErrorPage status={500} />)).toContain("Внутренняя ошибка сервера")
    expect(page(<ErrorPage status={503} />)).toContain("Внутренняя ошибка сервера")
    expect(page(<ErrorPage status={418} />)).toContain("Произошла ошибка")
  })
})
