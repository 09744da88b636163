import { useId, type MouseEvent } from "react"
import * as pagination from "@zag-js/pagination"
import { normalizeProps, useMachine } from "@zag-js/react"
import * as css from "./pagination.css.ts"

export interface PaginationProps {
  readonly page: number
  readonly totalPages: number
  readonly pageSize: number
  /** The address of a page: real links, so a page can be opened in a new tab. */
  readonly hrefOf: (page: number) => string
  readonly onPageChange: (page: number) => void
  readonly labels: { readonly root: string; readonly prev: string; readonly next: string; readonly page: (n: number) => string }
}

/** Page links (Zag.js pagination) in a labelled nav; the current page carries aria-current. */
export function Pagination({ page, totalPages, pageSize, hrefOf, onPageChange, labels }: PaginationProps) {
  const props: pagination.Props = {
    id: useId(),
    type: "link",
    page,
    pageSize,
    count: totalPages * pageSize,
    getPageUrl: ({ page: p }) => hrefOf(p),
    onPageChange: (d) => onPageChange(d.page),
    translations: { rootLabel: labels.root, prevTriggerLabel: labels.prev, nextTriggerLabel: labels.next, itemLabel: ({ page: p }) => labels.page(p) },
  }
  const service = useMachine(pagination.machine, props)
  const api = pagination.connect(service, normalizeProps)
  // Links are followed inside the app: a plain left click goes through the machine, not a reload.
  const inApp = (onClick: unknown) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    if (typeof onClick === "function") onClick(e)
  }
  if (api.totalPages <= 1) return null
  const prev = api.getPrevTriggerProps()
  const next = api.getNextTriggerProps()
  return (
    <nav {...api.getRootProps()}>
      <ul className={css.list}>
        <li>
          <a {...prev} className={css.item} onClick={inApp(prev.onClick)} aria-disabled={api.page <= 1 || undefined}>
            ‹
          </a>
        </li>
        {api.pages.map((p, i) =>
          p.type === "page" ? (
            <li key={p.value}>
              {(() => {
                const props = api.getItemProps(p)
                return (
                  <a {...props} className={css.item} onClick={inApp(props.onClick)}>
                    {p.value}
                  </a>
                )
              })()}
            </li>
          ) : (
            <li key={`e${i}`}>
              <span {...api.getEllipsisProps({ index: i })} className={css.ellipsis}>
                …
              </span>
            </li>
          ),
        )}
        <li>
          <a {...next} className={css.item} onClick={inApp(next.onClick)} aria-disabled={api.page >= api.totalPages || undefined}>
            ›
          </a>
        </li>
      </ul>
    </nav>
  )
}
