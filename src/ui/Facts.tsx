import * as css from "./panel.css.ts"

/** A definition list of label/value pairs; missing values are left out. */
export function Facts({ items }: { items: ReadonlyArray<readonly [string, string | null | undefined]> }) {
  return (
    <dl className={css.facts}>
      {items
        .filter(([, v]) => v)
        .map(([label, v]) => (
          <div key={label} className={css.pair}>
            <dt className={css.term}>{label}</dt>
            <dd className={css.value}>{v}</dd>
          </div>
        ))}
    </dl>
  )
}
