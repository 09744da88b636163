import { Suspense } from "react"
import { messages } from "../../../schemas/messages/common.ts"
import { useLoad } from "../../ui/flows/use-load.ts"
import { lazyWithReload } from "../../ui/lazy.ts"
import { Modal } from "../../ui/Modal.tsx"
import { useModal, useModalActors } from "../modals/index.ts"
import { loadSiteConfig, type SiteConfig, useSiteData } from "../shell/index.ts"
import * as css from "./requests.css.ts"

const PolicyText = lazyWithReload(() => import("./PolicyText.tsx"))

/** The policy's operator details when the configuration cannot be read: the text without them. */
const UNKNOWN: SiteConfig = { phone: null, email: null, operator: null }

/** The site's configuration when the startup data has none (`ask`), else nothing to read. */
const readConfig = (ask: boolean): Promise<SiteConfig | null> => (ask ? loadSiteConfig() : Promise.resolve(null))

/**
 * The personal-data policy modal with its 7 numbered sections, opened by `useModals().openPolicy` from
 * any form; the operator comes with the site's startup data (in the CRM's previews it is loaded).
 */
export default function PolicyModal() {
  const { open, close } = useModal(useModalActors().policy)
  const site = useSiteData()
  // Read through the load machine only when the startup data names no operator (the CRM's previews).
  const loaded = useLoad(!site.operator, readConfig)
  const config = site.operator ? site : loaded.state === "ready" ? loaded.value : loaded.state === "failed" ? UNKNOWN : null
  return (
    <Modal open={open} title={messages.forms.policyTitle} onClose={close} size="medium">
      {/* A scrolling text: focusable so that keyboard users can scroll it. */}
      <div className={css.policyBody} tabIndex={0} role="region" aria-label={messages.forms.policyTitle}>
        <Suspense fallback={<p role="status">{messages.access.loading}</p>}>{config && <PolicyText config={config} />}</Suspense>
      </div>
    </Modal>
  )
}
