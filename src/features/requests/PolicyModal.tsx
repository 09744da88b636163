import { Suspense, useEffect, useState } from "react"
import { messages } from "../../../schemas/messages.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import { Modal } from "../../ui/Modal.tsx"
import { useModal, useModalActors } from "../modals/index.ts"
import { loadSiteConfig, type SiteConfig, useSiteData } from "../shell/index.ts"
import * as css from "./requests.css.ts"

const PolicyText = lazyWithReload(() => import("./PolicyText.tsx"))

/**
 * The personal-data policy modal with its 7 numbered sections, opened by `useModals().openPolicy` from
 * any form; the operator comes with the site's startup data (in the CRM's previews it is loaded).
 */
export default function PolicyModal() {
  const { open, close } = useModal(useModalActors().policy)
  const site = useSiteData()
  const [config, setConfig] = useState<SiteConfig | null>(site.operator ? site : null)
  useEffect(() => {
    if (!config) loadSiteConfig().then(setConfig, () => setConfig({ phone: null, email: null, operator: null }))
  }, [config])
  return (
    <Modal open={open} title={messages.forms.policyTitle} onClose={close} size="medium">
      {/* A scrolling text: focusable so that keyboard users can scroll it. */}
      <div className={css.policyBody} tabIndex={0} role="region" aria-label={messages.forms.policyTitle}>
        <Suspense fallback={<p role="status">{messages.access.loading}</p>}>{config && <PolicyText config={config} />}</Suspense>
      </div>
    </Modal>
  )
}
