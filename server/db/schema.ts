import type { Generated } from "kysely"
import type { RequisiteKey } from "../../schemas/requisites.ts"

/** Booleans are stored as 0/1 integers so one migration serves SQLite and PostgreSQL. */
export type Flag = 0 | 1

export interface AdminUsersTable {
  id: Generated<number>
  email: string
  fullname: string
  password_digest: string
  /** Unused since migration 0019 (session_version replaced it); kept for servers of the release before. */
  tokens_valid_after: Generated<string | null>
  /** Signed into every token (`sv`); a new password increments it, ending the sessions issued before (migration 0019). */
  session_version: Generated<number>
  /** 'admin', 'editor', 'operator' or 'accountant' (schemas/roles.ts; migration 0007). */
  role: Generated<string>
  /**
   * The TOTP secret (base32), sealed with AES-256-GCM under a key derived from the server secret
   * (server/services/staff-totp.ts); never answered after enrolment. Null: no second factor.
   */
  totp_secret: Generated<string | null>
  /** When the second factor was confirmed with its first code; null while an enrolment waits (migration 0021). */
  totp_enrolled_at: Generated<string | null>
  /** The time step of the last code accepted: a code is taken once, and none older after it. */
  totp_last_step: Generated<number | string | null>
  /** The office where the staff member identifies applicants (migration 0027): their start page's queue; null: every office. */
  office_id: Generated<number | null>
  created_at: string
  updated_at: string
}

/** A staff member's one-time recovery code (migration 0021): only its keyed digest is stored; used once. */
export interface AdminRecoveryCodesTable {
  id: Generated<number>
  admin_user_id: number
  code_digest: string
  used_at: string | null
  created_at: string
}

/** One CRM write (migration 0007): who, when, which record, the fields before and after as JSON text. */
export interface AuditLogTable {
  id: Generated<number>
  admin_user_id: number
  admin_email: string
  resource: string
  record_id: number
  action: string
  before: string | null
  after: string | null
  created_at: string
}

/** Deleted rows an undo may restore until `expires_at` (migration 0007). */
export interface DeletedBatchesTable {
  id: Generated<number>
  token: string
  admin_user_id: number
  resource: string
  payload: string
  created_at: string
  expires_at: string
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

export interface AppMetaTable {
  key: string
  value: string
}

/** One row (id 1): the public-read cache's generation (server/lib/public-cache.ts). */
export interface CacheGenerationTable {
  id: number
  value: number | string
}

export interface UsersTable {
  id: Generated<number>
  email: string
  fullname: string
  mobile_phone: string
  password_digest: string
  confirmed_at: string | null
  confirmation_token_digest: string | null
  /** Unused since migration 0019 (session_version replaced it); kept for servers of the release before. */
  tokens_valid_after: Generated<string | null>
  /** Signed into every token (`sv`); a password reset increments it, ending the sessions issued before (migration 0019). */
  session_version: Generated<number>
  /** Where the visitor goes back to after confirming the account: a path of the site, checked at sign-up; cleared by the confirmation (migration 0023). */
  return_to: Generated<string | null>
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

/** `representative:{id}`: the code sent to a representative's phone (docs/account-services.md). */
export type PhoneCodePurpose = "confirmation" | "improve_session" | `representative:${number}` | `certificate:${number}`

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

/** One limit's counter (server/lib/throttle.ts): the count of the window that ends at `reset_at`. */
export interface RateCountersTable {
  scope: string
  key: string
  count: number
  reset_at: string
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

/** Content (migration 0006, docs/content.md). Dates are `yyyy-MM-dd`; a file is JSON `{ name, url, size, type }`. */
export interface FaqQuestionsTable {
  id: Generated<number>
  rubric_id: number
  question: string
  /** Sanitized HTML. */
  answer: string
  position: number
  published: Flag
  created_at: string
  updated_at: string
}

export interface FaqArticlesTable {
  id: Generated<number>
  rubric_id: number
  title: string
  body: string
  published: Flag
  created_at: string
  updated_at: string
}

export type FooterGroup = "document" | "partner"

export interface EpDocsTable {
  id: Generated<number>
  title: string
  kind: string
  file: string | null
  link: string | null
  partner: string | null
  footer: FooterGroup | null
  position: number
  published: Flag
  created_at: string
  updated_at: string
}

export interface PagesTable {
  id: Generated<number>
  title: string
  url: string
  body: string
  meta_title: string | null
  meta_description: string | null
  meta_keywords: string | null
  published: Flag
  created_at: string
  updated_at: string
}

export interface PostSourcesTable {
  id: Generated<number>
  name: string
  url: string
  created_at: string
  updated_at: string
}

export interface PostsTable {
  id: Generated<number>
  title: string
  date: string
  source_id: number | null
  announce: string
  body: string
  image: string | null
  published: Flag
  created_at: string
  updated_at: string
}

export interface PageBannersTable {
  id: Generated<number>
  title: string
  page_url: string
  image: string
  link: string | null
  starts_on: string | null
  ends_on: string | null
  position: number
  active: Flag
  created_at: string
  updated_at: string
}

export interface PageSettingsTable {
  id: Generated<number>
  url: string
  meta_title: string
  meta_description: string | null
  meta_keywords: string | null
  created_at: string
  updated_at: string
}

export interface RobotsTable {
  id: Generated<number>
  content: string
  created_at: string
  updated_at: string
}

/** The operator's requisites: one row (migration 0024), every value text, blank until filled (schemas/requisites.ts); the accreditation's optional values (migration 0028). */
export type RequisitesTable = { id: Generated<number>; created_at: string; updated_at: string } & { [K in RequisiteKey]: string } & {
  accreditation_number: Generated<string>
  accreditation_date: string | null
  accreditation_order: Generated<string>
}

export interface GalleryImagesTable {
  id: Generated<number>
  name: string
  url: string
  size: number
  mime: string
  admin_user_id: number | null
  created_at: string
  updated_at: string
}

/** Sales requests of /corporate and /services_ib (migration 0009, docs/search.md). */
export type SalesRequestKind = "corporate" | "services_ib"

export interface SalesRequestsTable {
  id: Generated<number>
  kind: SalesRequestKind
  company: string
  inn: string | null
  certificates_count: number | null
  /** The chosen options' labels joined by '; '. */
  topics: string | null
  name: string
  email: string
  /** Normalized `+7XXXXXXXXXX`. */
  phone: string
  comment: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  ip: string
  user_agent: string | null
  created_at: string
}

// ---- The catalogue, orders, payments, the account (migration 0010_orders) ----

export interface OptionGroupsTable {
  id: Generated<number>
  slug: string
  name: string
  description: string | null
  position: Generated<number>
  created_at: string
  updated_at: string
}

export interface TariffsTable {
  id: Generated<number>
  name: string
  purpose: string
  /** Sanitized HTML. */
  description: string
  /** JSON list of ApplicantKind. */
  applicant_kinds: string
  qualified: Generated<Flag>
  position: Generated<number>
  published: Generated<Flag>
  created_at: string
  updated_at: string
}

export interface TariffOptionsTable {
  id: Generated<number>
  name: string
  /** schemas/entities/catalogue.ts OPTION_KINDS. */
  kind: string
  tariff_id: number | null
  /** Months; null when the option has no validity. */
  period: number | null
  /** Whole rubles. */
  price: number
  tooltip: string | null
  often_buy: Generated<Flag>
  position: Generated<number>
  published: Generated<Flag>
  created_at: string
  updated_at: string
}

export interface TariffOptionGroupsTable {
  option_id: number
  group_id: number
}

export interface PlatformsTable {
  id: Generated<number>
  name: string
  group: string
  url: string
  description: string
  position: Generated<number>
  published: Generated<Flag>
  created_at: string
  updated_at: string
}

export interface PlatformTariffsTable {
  platform_id: number
  tariff_id: number
}

export interface OfficesTable {
  id: Generated<number>
  company: string
  city_id: number
  name: string
  address: string
  hours: string
  /** Normalized `+7XXXXXXXXXX`. */
  phone: string
  email: string | null
  metro: string | null
  position: Generated<number>
  published: Generated<Flag>
  created_at: string
  updated_at: string
}

export interface PartnersTable {
  id: Generated<number>
  code: string
  name: string
  kind: string
  description: string
  url: string | null
  /** JSON `{ name, url, size, type }` or null. */
  logo: string | null
  position: Generated<number>
  published: Generated<Flag>
  created_at: string
  updated_at: string
}

export interface PartnerRequestsTable {
  id: Generated<number>
  partner_id: number
  /** JSON of the partners_frm values without the agreement. */
  data: string
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  ip: string
  user_agent: string | null
  created_at: string
}

export interface DeliveryCitiesTable {
  id: Generated<number>
  name: string
  region: string
  cost: number
  days: number
}

export interface OrdersTable {
  id: Generated<number>
  public_id: string
  user_id: number
  legal_person_id: number | null
  /** schemas/entities/order.ts OrderStatus. */
  status: string
  applicant_kind: string
  identification: string | null
  preset: string
  tariff_id: number | null
  /** JSON list of tariff_options ids. */
  option_ids: string
  amount: Generated<number>
  /** JSON of the order's values. Personal data: never logged or mailed. */
  data: string
  title: Generated<string>
  office_id: number | null
  submitted_at: string | null
  created_at: string
  updated_at: string
}

export interface OrderEventsTable {
  id: Generated<number>
  order_id: number
  from_status: string | null
  to_status: string
  /** 'customer', 'staff', 'payment', 'system'. */
  actor: string
  admin_user_id: number | null
  note: string | null
  created_at: string
}

/** An item of an order's identity check an operator confirmed (migration 0025; server/services/identity-check.ts). */
export interface IdentityCheckItemsTable {
  id: Generated<number>
  order_id: number
  /** schemas/identity-check.ts IDENTITY_ITEMS. */
  item: string
  admin_user_id: number | null
  admin_email: string
  confirmed_at: string
}

/** An order's in-person identification: who, at which office, when (migration 0025). */
export interface OrderIdentificationsTable {
  id: Generated<number>
  order_id: number
  admin_user_id: number | null
  admin_email: string
  office_id: number | null
  office_name: string
  office_address: string
  identified_at: string
}

export interface OrderDocumentsTable {
  id: Generated<number>
  order_id: number
  /** 'upload', 'claim', 'invoice', 'act', 'licence'. */
  kind: string
  field: string | null
  title: string
  /** JSON `{ name, url, size, type }`. */
  file: string
  created_at: string
}

export interface PaymentsTable {
  id: Generated<number>
  public_id: string
  order_id: number
  /** 'yookassa', 'local', 'invoice'. */
  provider: string
  provider_payment_id: string | null
  idempotence_key: string
  amount: number
  /** 'pending', 'waiting_for_capture', 'succeeded', 'canceled'. */
  status: string
  confirmation_url: string | null
  paid_at: string | null
  created_at: string
  updated_at: string
  /** 0017: JSON `[{ option_id, name, kind, amount }]`, the order's lines this payment covers; null: none named. */
  lines: string | null
  /** 0026: the payment order (платёжное поручение) of money staff recorded by hand, its number and date (YYYY-MM-DD). */
  document_number: string | null
  document_date: string | null
  /** 0026: who recorded the payment by hand. */
  admin_user_id: number | null
}

/** 0017_payment_balance: a refund of a payment (an overpaid order's surplus, a payment for an order cancelled before payment). */
export interface PaymentRefundsTable {
  id: Generated<number>
  payment_id: number
  /** 'yookassa', 'local'; 'invoice'/'staff' payments are returned by hand ('manual'). */
  provider: string
  provider_refund_id: string | null
  idempotence_key: string
  amount: number
  /** 'pending', 'succeeded', 'canceled', 'manual'. */
  status: string
  /** 'surplus', 'cancelled'. */
  reason: string
  created_at: string
  updated_at: string
  /** 0026: who cancelled the paid order, and why (a refund staff started). */
  admin_user_id: number | null
  note: string | null
}

/** 0017_payment_balance: the embedded test gateway's refunds. */
export interface GatewayRefundsTable {
  id: string
  idempotence_key: string
  payment_id: string
  amount: number
  status: string
  description: string | null
  receipt: string | null
  created_at: string
}

/** 0012_payments: the embedded test gateway's own payments (the local stand-in for ЮKassa). */
export interface GatewayPaymentsTable {
  id: string
  idempotence_key: string
  amount: number
  description: string
  /** 'pending', 'succeeded', 'canceled'. */
  status: string
  /** JSON `{ order_id }`. */
  metadata: string
  receipt: string | null
  created_at: string
  updated_at: string
}

export interface LicencesTable {
  id: Generated<number>
  order_id: number
  user_id: number
  option_id: number | null
  product: string
  serial: string
  confirmed_at: string | null
  created_at: string
}

export interface ConsultationsTable {
  id: Generated<number>
  user_id: number | null
  order_id: number | null
  tariff_id: number | null
  name: string
  phone: string
  email: string | null
  comment: string | null
  /** 0011_services: the UTM values and the tariff's name as the customer saw it. */
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  tariff_name: string | null
  ip: string
  user_agent: string | null
  created_at: string
}

export interface RepresentativesTable {
  id: Generated<number>
  legal_person_id: number
  last_name: string
  first_name: string
  middle_name: string | null
  position: string
  email: string
  phone: string
  phone_confirmed_at: string | null
  /** 11 digits; personal data, never in lists, URLs, logs or mail. */
  snils: string | null
  created_at: string
  updated_at: string
}

/** 0014_trust: the CA's register of certificates (columns documented in the migration). */
export interface CertificatesTable {
  id: Generated<number>
  public_id: string
  serial: string
  thumbprint: string
  issuer_dn: string
  subject_dn: string
  owner_kind: string
  owner_person: string | null
  owner_org: string | null
  owner_inn: string | null
  owner_ogrn: string | null
  owner_snils: string | null
  not_before: string
  not_after: string
  status: string
  revocation_reason: number | null
  revoked_at: string | null
  der: string
  source: string
  key_storage: Generated<string>
  user_id: number | null
  order_id: number | null
  code_word_hash: string | null
  confirmed_at: string | null
  expiry_notices: Generated<string>
  created_at: string
  updated_at: string
  /** 0015_register: wrong code words said by phone (docs/register.md). */
  code_word_failures: Generated<number>
}

export interface CertificateApprovalsTable {
  id: Generated<number>
  certificate_id: number
  user_id: number | null
  action: string
  note: string | null
  created_at: string
}

export interface CrlsTable {
  id: Generated<number>
  issuer_key_id: string
  number: number
  this_update: string
  next_update: string
  der: string
  updated_at: string
}

export interface TrustRootsTable {
  id: Generated<number>
  thumbprint: string
  name: string
  subject_dn: string
  key_id: string | null
  not_after: string
  source: string
  der: string
  created_at: string
}

export interface CertificateBindingsTable {
  id: Generated<number>
  user_id: number
  certificate_id: number | null
  thumbprint: string
  subject_name: string
  issuer_name: string
  serial: string
  not_after: string
  der: string
  created_at: string
}

export interface CertChallengesTable {
  id: Generated<number>
  nonce: string
  purpose: string
  user_id: number | null
  binding_id: number | null
  attempts: Generated<number>
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface EpoasTable {
  id: Generated<number>
  public_id: string
  number: string
  format_version: string
  principal_org: string
  principal_inn: string
  principal_ogrn: string | null
  principal_kpp: string | null
  signatory_name: string | null
  representative_name: string
  representative_snils: string | null
  representative_inn: string | null
  issued_on: string
  valid_from: string
  valid_until: string
  powers: string
  status: Generated<string>
  revoked_at: string | null
  revoke_reason: string | null
  xml: string
  signature: string
  signature_report: string
  legal_person_id: number | null
  uploaded_by_user_id: number | null
  uploaded_by_admin_id: number | null
  created_at: string
  updated_at: string
}

export interface DssProfilesTable {
  id: Generated<number>
  public_id: string
  user_id: number
  created_at: string
}

export interface Database {
  admin_users: AdminUsersTable
  admin_recovery_codes: AdminRecoveryCodesTable
  audit_log: AuditLogTable
  deleted_batches: DeletedBatchesTable
  cities: CitiesTable
  menu_items: MenuItemsTable
  app_meta: AppMetaTable
  cache_generation: CacheGenerationTable
  users: UsersTable
  legal_persons: LegalPersonsTable
  password_resets: PasswordResetsTable
  phone_codes: PhoneCodesTable
  revoked_tokens: RevokedTokensTable
  rate_counters: RateCountersTable
  captchas: CaptchasTable
  uploads: UploadsTable
  remote_offers: RemoteOffersTable
  feedbacks: FeedbacksTable
  sales_requests: SalesRequestsTable
  faq_rubrics: FaqRubricsTable
  faq_questions: FaqQuestionsTable
  faq_articles: FaqArticlesTable
  ep_docs: EpDocsTable
  pages: PagesTable
  post_sources: PostSourcesTable
  posts: PostsTable
  page_banners: PageBannersTable
  page_settings: PageSettingsTable
  robots: RobotsTable
  requisites: RequisitesTable
  gallery_images: GalleryImagesTable
  suggest_companies: SuggestCompaniesTable
  suggest_addresses: SuggestAddressesTable
  option_groups: OptionGroupsTable
  tariffs: TariffsTable
  tariff_options: TariffOptionsTable
  tariff_option_groups: TariffOptionGroupsTable
  platforms: PlatformsTable
  platform_tariffs: PlatformTariffsTable
  offices: OfficesTable
  partners: PartnersTable
  partner_requests: PartnerRequestsTable
  delivery_cities: DeliveryCitiesTable
  orders: OrdersTable
  order_events: OrderEventsTable
  order_documents: OrderDocumentsTable
  payments: PaymentsTable
  gateway_payments: GatewayPaymentsTable
  payment_refunds: PaymentRefundsTable
  gateway_refunds: GatewayRefundsTable
  licences: LicencesTable
  consultations: ConsultationsTable
  representatives: RepresentativesTable
  certificates: CertificatesTable
  certificate_approvals: CertificateApprovalsTable
  crls: CrlsTable
  trust_roots: TrustRootsTable
  certificate_bindings: CertificateBindingsTable
  cert_challenges: CertChallengesTable
  epoas: EpoasTable
  dss_profiles: DssProfilesTable
  identity_check_items: IdentityCheckItemsTable
  order_identifications: OrderIdentificationsTable
}
