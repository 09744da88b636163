import { useEffect } from "react"
import { pushAlert } from "../alerts/alerts.ts"
import { NOT_FOR_USER } from "../../app/guards.ts"
import { useVisitor } from "../../app/useVisitor.ts"

/**
 * The context rule of the CRM (SPEC.md section 6): a site user's token opening a CRM page is told
 * 'Роут не предусмотрен для пользователя.'; the CRM guard then asks for the admin sign-in.
 */
export function ContextNotice() {
  const { status, tokenContext } = useVisitor()
  const siteToken = status !== "anonymous" && tokenContext === "site"
  useEffect(() => {
    if (siteToken) pushAlert({ text: NOT_FOR_USER, tone: "error" })
  }, [siteToken])
  return null
}
