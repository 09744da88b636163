// Every form preset by id (SPEC.md section 2, "Form presets"), plus crm_admin_users_frm of the CRM.
// Pages import the one preset they show from its own file; this map serves lookups by name
// (the server validating a request by preset id, the tests).
import { admin_auth_frm } from "./admin_auth_frm.ts"
import { admin_otp_frm } from "./admin_otp_frm.ts"
import { auth_cert_frm } from "./auth_cert_frm.ts"
import { auth_frm } from "./auth_frm.ts"
import { auth_vector_frm } from "./auth_vector_frm.ts"
import { cert_bind_frm } from "./cert_bind_frm.ts"
import { choose_certificate_epoa_frm } from "./choose_certificate_epoa_frm.ts"
import { choose_certificate_frm } from "./choose_certificate_frm.ts"
import { confirm_certificate_frm } from "./confirm_certificate_frm.ts"
import { corporate_frm } from "./corporate_frm.ts"
import { crm_admin_users_frm } from "./crm_admin_users_frm.ts"
import { crm_cities_filter_frm } from "./crm_cities_filter_frm.ts"
import { crm_cities_frm } from "./crm_cities_frm.ts"
import { crm_offices_frm } from "./crm_offices_frm.ts"
import { crm_requisites_frm } from "./crm_requisites_frm.ts"
import { crm_option_groups_frm } from "./crm_option_groups_frm.ts"
import { crm_partners_frm } from "./crm_partners_frm.ts"
import { crm_platforms_frm } from "./crm_platforms_frm.ts"
import { crm_tariff_options_frm } from "./crm_tariff_options_frm.ts"
import { crm_tariffs_frm } from "./crm_tariffs_frm.ts"
import { crm_ep_docs_filter_frm } from "./crm_ep_docs_filter_frm.ts"
import { crm_ep_docs_frm } from "./crm_ep_docs_frm.ts"
import { crm_faq_article_frm } from "./crm_faq_article_frm.ts"
import { crm_faq_question_frm } from "./crm_faq_question_frm.ts"
import { crm_faq_questions_filter_frm } from "./crm_faq_questions_filter_frm.ts"
import { crm_faq_rubric_frm } from "./crm_faq_rubric_frm.ts"
import { crm_menu_items_filter_frm } from "./crm_menu_items_filter_frm.ts"
import { crm_menu_items_frm } from "./crm_menu_items_frm.ts"
import { crm_page_bnrs_filter_frm } from "./crm_page_bnrs_filter_frm.ts"
import { crm_page_bnrs_frm } from "./crm_page_bnrs_frm.ts"
import { crm_page_settings_filter_frm } from "./crm_page_settings_filter_frm.ts"
import { crm_page_settings_frm } from "./crm_page_settings_frm.ts"
import { crm_pages_filter_frm } from "./crm_pages_filter_frm.ts"
import { crm_pages_frm } from "./crm_pages_frm.ts"
import { crm_post_frm } from "./crm_post_frm.ts"
import { crm_post_sources_frm } from "./crm_post_sources_frm.ts"
import { crm_robots_frm } from "./crm_robots_frm.ts"
import { dss_user_deeplink_frm } from "./dss_user_deeplink_frm.ts"
import { epoa_model_frm } from "./epoa_model_frm.ts"
import { epoa_revoked_frm } from "./epoa_revoked_frm.ts"
import { epoa_search_principal_frm } from "./epoa_search_principal_frm.ts"
import { epoa_search_representative_frm } from "./epoa_search_representative_frm.ts"
import { feedback } from "./feedback.ts"
import { forgot_password_frm } from "./forgot_password_frm.ts"
import { offers_frm } from "./offers_frm.ts"
import { office_search_frm } from "./office_search_frm.ts"
import { order_cert_entrepreneur } from "./order_cert_entrepreneur.ts"
import { order_cert_individual_person } from "./order_cert_individual_person.ts"
import { order_cert_legal_entity } from "./order_cert_legal_entity.ts"
import { order_cert_remotely_entrepreneur } from "./order_cert_remotely_entrepreneur.ts"
import { order_cert_remotely_individual_person } from "./order_cert_remotely_individual_person.ts"
import { order_cert_remotely_legal_entity } from "./order_cert_remotely_legal_entity.ts"
import { order_check } from "./order_check.ts"
import { order_option_entrepreneur } from "./order_option_entrepreneur.ts"
import { order_option_individual_person } from "./order_option_individual_person.ts"
import { order_option_legal_entity } from "./order_option_legal_entity.ts"
import { partners_frm } from "./partners_frm.ts"
import { representative_frm } from "./representative_frm.ts"
import { question_search_frm } from "./question_search_frm.ts"
import { reestr_search_frm } from "./reestr_search_frm.ts"
import { services_ib_frm } from "./services_ib_frm.ts"
import { tariff_extra_options } from "./tariff_extra_options.ts"
import { tariff_period_frm } from "./tariff_period_frm.ts"
import { user_confirm_cert_frm } from "./user_confirm_cert_frm.ts"
import { user_confirm_phone_frm } from "./user_confirm_phone_frm.ts"
import { user_pswd_edit_frm } from "./user_pswd_edit_frm.ts"
import { user_sign_up_frm } from "./user_sign_up_frm.ts"
import type { FormPreset } from "./types.ts"

const byId = {
  admin_auth_frm,
  admin_otp_frm,
  auth_cert_frm,
  auth_frm,
  auth_vector_frm,
  cert_bind_frm,
  choose_certificate_epoa_frm,
  choose_certificate_frm,
  confirm_certificate_frm,
  corporate_frm,
  crm_admin_users_frm,
  crm_cities_filter_frm,
  crm_cities_frm,
  crm_offices_frm,
  crm_requisites_frm,
  crm_option_groups_frm,
  crm_partners_frm,
  crm_platforms_frm,
  crm_tariff_options_frm,
  crm_tariffs_frm,
  crm_ep_docs_filter_frm,
  crm_ep_docs_frm,
  crm_faq_article_frm,
  crm_faq_question_frm,
  crm_faq_questions_filter_frm,
  crm_faq_rubric_frm,
  crm_menu_items_filter_frm,
  crm_menu_items_frm,
  crm_page_bnrs_filter_frm,
  crm_page_bnrs_frm,
  crm_page_settings_filter_frm,
  crm_page_settings_frm,
  crm_pages_filter_frm,
  crm_pages_frm,
  crm_post_frm,
  crm_post_sources_frm,
  crm_robots_frm,
  dss_user_deeplink_frm,
  epoa_model_frm,
  epoa_revoked_frm,
  epoa_search_principal_frm,
  epoa_search_representative_frm,
  feedback,
  forgot_password_frm,
  offers_frm,
  office_search_frm,
  order_cert_entrepreneur,
  order_cert_individual_person,
  order_cert_legal_entity,
  order_cert_remotely_entrepreneur,
  order_cert_remotely_individual_person,
  order_cert_remotely_legal_entity,
  order_check,
  order_option_entrepreneur,
  order_option_individual_person,
  order_option_legal_entity,
  partners_frm,
  question_search_frm,
  reestr_search_frm,
  representative_frm,
  services_ib_frm,
  tariff_extra_options,
  tariff_period_frm,
  user_confirm_cert_frm,
  user_confirm_phone_frm,
  user_pswd_edit_frm,
  user_sign_up_frm,
} as const satisfies Record<string, FormPreset>

export type PresetId = keyof typeof byId

/** Every preset by id; typed by any string since lookups come by a route parameter or a request. */
export const presets: Readonly<Record<string, FormPreset>> = byId

/** The ids of `presets`, in alphabetical order. */
export const PRESET_IDS = Object.keys(byId) as PresetId[]
