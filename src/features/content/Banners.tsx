import type { ComponentType } from "react"
import { messages } from "../../../schemas/messages/common.ts"
import type { PageBannerResource } from "../../../schemas/entities/content.ts"
import { bannerImage, banners as bannersCss } from "./content.css.ts"
import { EXTRAS_KEY, type SiteExtras } from "./site-extras.ts"

/** The banners of the page's path (page_banners): the image, its title as the alt text, the link. */
export function Banners({ items }: { items: readonly PageBannerResource[] }) {
  if (items.length === 0) return null
  return (
    <ul className={bannersCss} aria-label={messages.content.banners}>
      {items.map((b) => {
        const image = <img className={bannerImage} src={b.attributes.image.url} alt={b.attributes.title} width={1200} height={200} />
        return <li key={b.id}>{b.attributes.link ? <a href={b.attributes.link}>{image}</a> : image}</li>
      })}
    </ul>
  )
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page of any props, as the route table's pages
type AnyPage = ComponentType<any>
const wrapped = new WeakMap<AnyPage, AnyPage>()

/** A site page with its path's banners above it (from the data the route table's wrapper loaded). */
export function withBanners(Page: AnyPage): AnyPage {
  let page = wrapped.get(Page)
  if (!page) {
    page = function SitePage(props: { data?: Record<string, unknown> }) {
      const extras = props.data?.[EXTRAS_KEY] as SiteExtras | undefined
      return (
        <>
          {extras && <Banners items={extras.banners} />}
          <Page {...props} />
        </>
      )
    }
    wrapped.set(Page, page)
  }
  return page
}
