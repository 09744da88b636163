import type { ReadableName } from "../../../schemas/certificate-names.ts"
import * as css from "./validation.css.ts"

/**
 * An owner or an issuer as a person reads it (schemas/certificate-names.ts): the name first, then
 * position, organisation, the labelled identifiers, place, e-mail and whatever else the certificate
 * holds. Every verdict that names a certificate's holder shows it through this.
 */
export function CertificateName({ name }: { name: ReadableName }) {
  return (
    <div className={css.name}>
      <span className={css.nameMain}>{name.name}</span>
      {name.position && <span className={css.nameLine}>{name.position}</span>}
      {name.organisation && <span className={css.nameLine}>{name.organisation}</span>}
      {name.identifiers.length > 0 && (
        <span className={css.identifiers}>
          {name.identifiers.map((i) => (
            <span key={`${i.label} ${i.value}`} className={css.identifier}>
              {i.label} {i.value}
            </span>
          ))}
        </span>
      )}
      {name.place && <span className={css.nameLine}>{name.place}</span>}
      {name.email && <span className={css.nameLine}>{name.email}</span>}
      {name.other.map((o, n) => (
        <span key={n} className={css.nameLine}>
          {o.label}: {o.value}
        </span>
      ))}
    </div>
  )
}
