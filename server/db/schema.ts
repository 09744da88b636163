import type { Generated } from "kysely"

/** Booleans are stored as 0/1 integers so one migration serves SQLite and PostgreSQL. */
export type Flag = 0 | 1

export interface AdminUsersTable {
  id: Generated<number>
  email: string
  fullname: string
  password_digest: string
  /** Tokens issued before this time are refused (set when the password is reset). */
  tokens_valid_after: Generated<string | null>
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

export interface UsersTable {
  id: Generated<number>
  email: string
  fullname: string
  mobile_phone: string
  password_digest: string
  confirmed_at: string | null
  confirmation_token_digest: string | null
  tokens_valid_after: Generated<string | null>
  created_at: string
  updated_at: string
}

export interface LegalPersonsTable {
  id: Generated<number>
  name: string
  inn: string
  kpp: string | null
  ogrn: string | null
  director_user_id: number | null
  created_at: string
  updated_at: string
}

export interface PasswordResetsTable {
  id: Generated<number>
  user_id: number | null
  admin_user_id: number | null
  token_digest: string
  expires_at: string
  used_at: string | null
  created_at: string
}

export type PhoneCodePurpose = "confirmation" | "improve_session"

export interface PhoneCodesTable {
  id: Generated<number>
  user_id: number
  purpose: PhoneCodePurpose
  code_digest: string
  attempts: Generated<number>
  expires_at: string
  used_at: string | null
  created_at: string
}

export interface RevokedTokensTable {
  jti: string
  expires_at: string
}

export interface AuthAttemptsTable {
  id: Generated<number>
  scope: string
  key: string
  created_at: string
}

export interface CaptchasTable {
  id: string
  answer_digest: string
  expires_at: string
  created_at: string
}

export type UploadOwnerKind = "user" | "admin"

export interface UploadsTable {
  id: string
  owner_kind: UploadOwnerKind
  owner_id: number
  original_name: string
  /** Relative to UPLOAD_DIR. */
  stored_path: string
  size: number
  mime: string
  created_at: string
}

export interface RemoteOffersTable {
  id: Generated<number>
  name: string
  /** Normalized `+7XXXXXXXXXX`. */
  phone: string
  email: string | null
  comment: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  ip: string
  user_agent: string | null
  created_at: string
}

export interface FeedbacksTable {
  id: Generated<number>
  name: string
  email: string
  rating: number
  message: string
  ip: string
  created_at: string
}

export interface SuggestCompaniesTable {
  id: Generated<number>
  inn: string
  kpp: string | null
  ogrn: string
  type: "LEGAL" | "INDIVIDUAL"
  full_with_opf: string
  short_with_opf: string
  management_name: string | null
  management_post: string | null
  address_value: string
  address_unrestricted: string
  status: "ACTIVE" | "LIQUIDATING" | "LIQUIDATED"
  search: string
}

export interface SuggestAddressesTable {
  id: Generated<number>
  value: string
  unrestricted_value: string
  postal_code: string | null
  region_with_type: string
  city_with_type: string | null
  street_with_type: string | null
  house: string | null
  flat: string | null
  search: string
}

export interface FaqRubricsTable {
  id: Generated<number>
  name: string
  slug: string
  position: number
  created_at: string
  updated_at: string
}

export interface Database {
  admin_users: AdminUsersTable
  cities: CitiesTable
  menu_items: MenuItemsTable
  footer_links: FooterLinksTable
  app_meta: AppMetaTable
  users: UsersTable
  legal_persons: LegalPersonsTable
  password_resets: PasswordResetsTable
  phone_codes: PhoneCodesTable
  revoked_tokens: RevokedTokensTable
  auth_attempts: AuthAttemptsTable
  captchas: CaptchasTable
  uploads: UploadsTable
  remote_offers: RemoteOffersTable
  feedbacks: FeedbacksTable
  faq_rubrics: FaqRubricsTable
  suggest_companies: SuggestCompaniesTable
  suggest_addresses: SuggestAddressesTable
}
