import * as css from "./panel.css.ts"

/** A definition list of label/value pairs; missing values are left out. A third element styles the value (a monospaced hex number, say). */
export function Facts({ items }: { items: ReadonlyArray<readonly [string, string | null | undefined, string?]> }) {
  return (
    <dl className={css.facts}>
      {items
        .filter(([, v]) => v)
        .map(([label, v, valueClass]) => (
          <div key={label} className={css.pair}>
            <dt className={css.term}>{label}</dt>
            <dd className={valueClass ? `${css.value} ${valueClass}` : css.value}>{v}</dd>
          </div>
        ))}
    </dl>
  )
}
