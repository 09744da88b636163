import { Suspense, useEffect, useState } from "react"
import { messages } from "../../../schemas/messages.ts"
import { lazyWithReload } from "../../app/lazy.ts"
import { Modal } from "../../ui/Modal.tsx"
import type { SiteConfig } from "../shell/site-data.ts"
import { onOpenPolicy } from "./bridges.ts"
import * as css from "./requests.css.ts"

const PolicyText = lazyWithReload(() => import("./PolicyText.tsx"))

/** The personal-data policy modal with its 7 numbered sections, opened by openPolicy() from any form. */
export function PolicyModal({ config }: { config: SiteConfig }) {
  const [open, setOpen] = useState(false)
  useEffect(() => onOpenPolicy(() => setOpen(true)), [])
  return (
    <Modal open={open} title={messages.forms.policyTitle} onClose={() => setOpen(false)} size="medium">
      {/* A scrolling text: focusable so that keyboard users can scroll it. */}
      <div className={css.policyBody} tabIndex={0} role="region" aria-label={messages.forms.policyTitle}>
        <Suspense fallback={<p role="status">{messages.access.loading}</p>}>
          <PolicyText config={config} />
        </Suspense>
      </div>
    </Modal>
  )
}
