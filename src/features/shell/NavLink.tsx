import type { ReactNode } from "react"
import { Link, useLocation } from "wouter"
import { messages } from "../../../schemas/messages/common.ts"
import { visuallyHidden } from "../../ui/layout.css.ts"
import { isExternal } from "./menu.ts"

export interface NavLinkProps {
  readonly href: string
  readonly className?: string
  readonly children: ReactNode
  readonly onClick?: () => void
}

/** A site path through the router (marked current), or an external address in a new tab. */
export function NavLink({ href, className, children, onClick }: NavLinkProps) {
  const [path] = useLocation()
  if (isExternal(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
        {children}
        <span className={visuallyHidden}> {messages.shell.newTab}</span>
      </a>
    )
  }
  return (
    <Link href={href} className={className} onClick={onClick} aria-current={path === href ? "page" : undefined}>
      {children}
    </Link>
  )
}
