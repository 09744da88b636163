import { adminUsers } from "./admin-users.ts"
import { auditLogOf } from "./audit-log.ts"
import { cities } from "./cities.ts"
import type { ResourceDeclaration } from "./define.ts"
import { epDocs } from "./ep-docs.ts"
import { faqArticles } from "./faq-articles.ts"
import { faqQuestions } from "./faq-questions.ts"
import { faqRubrics } from "./faq-rubrics.ts"
import { gallery } from "./gallery.ts"
import { pageBanners } from "./page-banners.ts"
import { pageSettings } from "./page-settings.ts"
import { pages } from "./pages.ts"
import { postSources } from "./post-sources.ts"
import { posts } from "./posts.ts"
import { robots } from "./robots.ts"
import { requisites } from "./requisites.ts"
import { menuItems } from "./menu-items.ts"
import { feedbacks, remoteOffers, salesRequests } from "./requests.ts"
import { orders } from "./orders/index.ts"
import { certificates } from "./certificates.ts"
import { consultations } from "./consultations.ts"
import { offices } from "./offices.ts"
import { optionGroups } from "./option-groups.ts"
import { partnerRequests } from "./partner-requests.ts"
import { partners } from "./partners.ts"
import { platforms } from "./platforms.ts"
import { tariffOptions } from "./tariff-options.ts"
import { tariffs } from "./tariffs.ts"
import { epoas } from "./epoas.ts"
import { trustRoots } from "./trust-roots.ts"

export type { CrmRecord, ResourceColumn, ResourceDeclaration } from "./define.ts"

/**
 * Every CRM resource, in the admin menu's order. The server mounts the API of each, the browser its
 * list and edit routes and its menu entry: a new resource is its declaration, its migration and one
 * line here (docs/crm-resources.md).
 */
const contentAndRequests: readonly ResourceDeclaration[] = [
  adminUsers,
  faqRubrics,
  faqQuestions,
  faqArticles,
  epDocs,
  menuItems,
  pageSettings,
  pageBanners,
  robots,
  gallery,
  posts,
  postSources,
  pages,
  cities,
  tariffs,
  tariffOptions,
  optionGroups,
  platforms,
  offices,
  partners,
  remoteOffers,
  salesRequests,
  partnerRequests,
  consultations,
  feedbacks,
  orders,
  certificates,
  epoas,
  trustRoots,
  requisites,
]

/** …and last, the audit log of them all (administrators only). */
export const crmResources: readonly ResourceDeclaration[] = [...contentAndRequests, auditLogOf(contentAndRequests)]

export const resourceNamed = (name: string): ResourceDeclaration | undefined => crmResources.find((r) => r.name === name)
