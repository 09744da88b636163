import type { SiteConfig } from "../shell/index.ts"
import { policySections } from "./policy-content.ts"
import * as css from "./requests.css.ts"

/** The policy's 7 numbered sections (loaded with the modal's first opening, not with every page). */
export default function PolicyText({ config }: { config: SiteConfig }) {
  return (
    <ol className={css.policyList}>
      {policySections(config.operator, config.email, config.phone).map((section) => (
        <li key={section.title}>
          <h3 className={css.policyTitle}>{section.title}</h3>
          {section.paragraphs.map((p) => (
            <p key={p} className={css.policyText}>
              {p}
            </p>
          ))}
        </li>
      ))}
    </ol>
  )
}
