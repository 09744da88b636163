import type { Generated } from "kysely"

/** Booleans are stored as 0/1 integers so one migration serves SQLite and PostgreSQL. */
export type Flag = 0 | 1

export interface AdminUsersTable {
  id: Generated<number>
  email: string
  fullname: string
  password_digest: string
  created_at: string
  updated_at: string
}

export interface CitiesTable {
  id: Generated<number>
  name: string
  slug: string
  created_at: string
  updated_at: string
}

export interface MenuItemsTable {
  id: Generated<number>
  name: string
  url: string
  position: number
  display_at_top: Flag
  display_at_bottom: Flag
  parent_id: number | null
  created_at: string
  updated_at: string
}

export interface FooterLinksTable {
  id: Generated<number>
  group: "document" | "partner"
  name: string
  url: string
  position: number
}

export interface AppMetaTable {
  key: string
  value: string
}

export interface Database {
  admin_users: AdminUsersTable
  cities: CitiesTable
  menu_items: MenuItemsTable
  footer_links: FooterLinksTable
  app_meta: AppMetaTable
}
