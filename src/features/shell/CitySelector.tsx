import { useSelector } from "@xstate/react"
import { messages } from "../../../schemas/messages/common.ts"
import { Dropdown, dropdownItemClass } from "../../ui/Dropdown.tsx"
import { visuallyHidden } from "../../ui/layout.css.ts"
import { useCity } from "./city.ts"
import { NavLink } from "./NavLink.tsx"

/** The city dropdown: 'Все регионы' (home), then every city; a pick stores it and opens its region page. */
export function CitySelector({ className }: { className?: string }) {
  const city = useCity()
  const current = useSelector(city, (s) => s.context.current)
  const cities = useSelector(city, (s) => s.context.cities)
  const name = current ?? messages.shell.allRegions
  return (
    <Dropdown
      className={className}
      label={
        <>
          <span className={visuallyHidden}>{messages.shell.region}: </span>
          <span data-city-current="">{name}</span>
        </>
      }
    >
      {(close) => (
        <>
          <li>
            <NavLink href="/" className={dropdownItemClass} onClick={close}>
              {messages.shell.allRegions}
            </NavLink>
          </li>
          {cities.map((c) => (
            <li key={c.id}>
              <a
                href={`/${c.slug}`}
                className={dropdownItemClass}
                aria-current={c.name === current ? "true" : undefined}
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
                  e.preventDefault()
                  close()
                  city.send({ type: "CHOOSE", slug: c.slug })
                }}
              >
                {c.name}
              </a>
            </li>
          ))}
        </>
      )}
    </Dropdown>
  )
}
