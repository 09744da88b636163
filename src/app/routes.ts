import { catalogueHeads as cm } from "../../schemas/messages/catalogue-heads.ts"
import { messages } from "../../schemas/messages/common.ts"
import { PAYMENT_GATEWAY_TITLE } from "../../schemas/payment-pages.ts"
import { EPOA_TITLES } from "../../schemas/messages/epoa-titles.ts"
import { signUpMessages } from "../../schemas/messages/sign-up.ts"
import type { FaqArticleData, PageMeta, PostData } from "../features/content/loaders.ts"
import type * as CatalogueLoaderModule from "../features/catalogue/loaders.ts"
import { EXTRAS_KEY, loadSiteExtras, type SiteExtras } from "../features/content/site-extras.ts"
import { importOnce } from "./import-once.ts"
import type { AppRoute, ApiGet, Loaded, RouteAccess, RouteHead, UserType } from "./route-types.ts"

/**
 * The one route table of the app (SPEC.md section 2): every route's name, path, area, access, head,
 * page (loaded on first use) and loader. The browser renders from it, the server renders the site's
 * routes from it and answers 200 or 404 by it. No React or DOM at the top level: the server imports it.
 */
const p = messages.pages

const USERS: readonly UserType[] = ["user", "director"]
const DIRECTORS: readonly UserType[] = ["director"]
const forUsers: RouteAccess = { user_type: USERS }
const forDirectors: RouteAccess = { user_type: DIRECTORS }
const notForAdmin: RouteAccess = { notForAdmin: true }

const paymentResultPage = () => import("../features/payments/PaymentResultPage.tsx").then((m) => m.PaymentResultPage)
/** A payment's outcome page answers 404 for an id no payment has; the page reads the status itself (with the owner's token). */
const loadPaymentExists: AppRoute["loader"] = ({ params, get }) =>
  orNotFound(async () => {
    await get(`/api/v1/uc/payments/${encodeURIComponent(params.id ?? "")}/`)
    return {}
  })
const homePage = () => import("../features/shell/HomePage.tsx").then((m) => m.IndexPage)

/** The content pages' loaders load with the first content page, not with the site (first-load budget). */
const content = importOnce(() => import("../features/content/loaders.ts"))
const loadCmsPage = (path: string): AppRoute["loader"] => (ctx) => content().then((m) => m.loadCmsPage(path)(ctx))
const loadDocs: AppRoute["loader"] = (ctx) => content().then((m) => m.loadDocs(ctx))
const loadFaq: AppRoute["loader"] = (ctx) => content().then((m) => m.loadFaq(ctx))
const loadFaqArticle: AppRoute["loader"] = (ctx) => content().then((m) => m.loadFaqArticle(ctx))
const loadPosts: AppRoute["loader"] = (ctx) => content().then((m) => m.loadPosts(ctx))
const loadPost: AppRoute["loader"] = (ctx) => content().then((m) => m.loadPost(ctx))
/** The catalogue's loaders and pages (docs/catalogue.md), loaded on use. */
const catalogue = importOnce(() => import("../features/catalogue/loaders.ts"))
type CatalogueLoaders = typeof CatalogueLoaderModule
const catalogueRoute = (name: string, path: string, title: string, loader: keyof CatalogueLoaders, page: AppRoute["page"], head?: AppRoute["head"]): AppRoute => ({
  name,
  path,
  area: "site",
  head: head ?? { title },
  page,
  loader: (ctx) => catalogue().then((m) => (m[loader] as (c: typeof ctx) => Promise<Loaded>)(ctx)),
})
type Named = { readonly attributes: { readonly name: string; readonly purpose?: string; readonly description?: string } }
const namedHead = (fallback: string, key: "tariff" | "platform" | "partner", describe: (r: Named) => string | undefined) => (data: Record<string, Named | undefined>): RouteHead => {
  const record = data[key]
  const description = record ? describe(record) : undefined
  return { title: record ? (key === "partner" ? `${p.partnerRequest}: ${record.attributes.name}` : record.attributes.name) : fallback, ...(description ? { description } : {}) }
}
const CATALOGUE_ROUTES: readonly AppRoute[] = [
  catalogueRoute("price", "/price", p.price, "loadPrice", () => import("../features/catalogue/PricePage.tsx").then((m) => m.PricePage), { title: p.price, description: cm.priceDescription }),
  catalogueRoute("tariffs-tariff_id", "/tariffs/:tariff_id", p.tariff, "loadTariff", () => import("../features/catalogue/TariffPage.tsx").then((m) => m.TariffPage), namedHead(p.tariff, "tariff", (r) => r.attributes.purpose) as AppRoute["head"]),
  catalogueRoute("platforms", "/platforms", p.platforms, "loadPlatforms", () => import("../features/catalogue/PlatformsPage.tsx").then((m) => m.PlatformsPage), { title: p.platforms, description: cm.platformsDescription }),
  catalogueRoute("platforms-platform_id", "/platforms/:platform_id", p.platform, "loadPlatform", () => import("../features/catalogue/PlatformPage.tsx").then((m) => m.PlatformPage), namedHead(p.platform, "platform", (r) => r.attributes.description) as AppRoute["head"]),
  catalogueRoute("office", "/office", p.office, "loadOffices", () => import("../features/catalogue/OfficePage.tsx").then((m) => m.OfficePage), { title: p.office, description: cm.officeDescription }),
  catalogueRoute("partners", "/partners", p.partners, "loadPartners", () => import("../features/catalogue/PartnersPage.tsx").then((m) => m.PartnersPage), { title: p.partners, description: cm.partnersDescription }),
  catalogueRoute("partners-partner_id-new", "/partners/:partner_id/new", p.partnerRequest, "loadPartner", () => import("../features/catalogue/PartnerRequestPage.tsx").then((m) => m.PartnerRequestPage), namedHead(p.partnerRequest, "partner", (r) => r.attributes.description) as AppRoute["head"]),
]

const search = importOnce(() => import("../features/search/loader.ts"))
const repositoryLoader = importOnce(() => import("../features/register/repository-loader.ts"))
const epoaLoaders = importOnce(() => import("../features/epoa/loaders.ts"))
const loadSearch: AppRoute["loader"] = (ctx) => search().then((m) => m.loadSearch(ctx))

const cmsPage = () => import("../features/content/CmsPage.tsx").then((m) => m.CmsPage)
const cmsFormPage = () => import("../features/content/CmsFormPage.tsx").then((m) => m.CmsFormPage)
const docsPage = () => import("../features/content/DocsPage.tsx").then((m) => m.DocsPage)

/** The head of a page showing a CRM record: its meta fields over the route's defaults. */
const metaHead = (fallback: string) => (data: { meta?: PageMeta }): RouteHead => ({
  title: data.meta?.title ?? fallback,
  ...(data.meta?.description ? { description: data.meta.description } : {}),
  ...(data.meta?.keywords ? { keywords: data.meta.keywords } : {}),
})

/** An information page showing its CRM page (SPEC.md section 2); not published is the 404 page. */
const cms = (slug: string, page: AppRoute["page"] = cmsPage, props?: Readonly<Record<string, unknown>>): AppRoute => ({
  name: slug,
  path: `/${slug}`,
  area: "site",
  head: metaHead(p[slug as keyof typeof p] as string),
  page,
  loader: loadCmsPage(`/${slug}`),
  ...(props ? { props } : {}),
})

/** The information pages that show their CRM page as it is; the others below have pages of their own. */
const CMS_PAGES = ["about_company", "buy", "contacts", "cookiepolicy", "gas-solutions", "po_suz_uc", "reglament"]

const CONTENT_ROUTES: readonly AppRoute[] = [
  ...CMS_PAGES.map((slug) => cms(slug)),
  cms("doc_needs", () => import("../features/content/DocNeedsPage.tsx").then((m) => m.DocNeedsPage)),
  cms("corporate", cmsFormPage, { kind: "corporate" }),
  cms("services_ib", cmsFormPage, { kind: "services_ib" }),
  { name: "docs", path: "/docs", area: "site", head: { title: p.docs }, page: docsPage, loader: loadDocs },
  { name: "faq", path: "/faq", area: "site", head: { title: p.faq }, page: () => import("../features/content/FaqPage.tsx").then((m) => m.FaqPage), loader: loadFaq },
  { name: "posts", path: "/posts", area: "site", head: { title: p.posts }, page: () => import("../features/content/PostsPage.tsx").then((m) => m.PostsPage), loader: loadPosts },
  {
    name: "faq-articles-id",
    path: "/faq/articles/:id",
    area: "site",
    head: (data: Partial<FaqArticleData>) => ({ title: data.article?.title ?? p.faqArticle }),
    page: () => import("../features/content/FaqArticlePage.tsx").then((m) => m.FaqArticlePage),
    loader: loadFaqArticle,
  },
  {
    name: "posts-post_id",
    path: "/posts/:post_id",
    area: "site",
    head: (data: Partial<PostData>) => (data.post ? { title: data.post.title, description: data.post.announce } : { title: p.post }),
    page: () => import("../features/content/PostPage.tsx").then((m) => m.PostPage),
    loader: loadPost,
  },
]

/**
 * Every page of the site gets its path's page settings and banners with its own data (one load, on
 * the server and on client navigation alike): the setting's meta tags come first in its head, then
 * the page's own record's, then the route's; the banners show above the page.
 */
function withSiteExtras(route: AppRoute): AppRoute {
  const own = route.loader
  const baseHead = route.head
  const page = route.page
  return {
    ...route,
    loader: async (ctx) => {
      const [loaded, extras] = await Promise.all([own ? own(ctx) : Promise.resolve<Loaded>({ data: undefined }), loadSiteExtras(ctx.get, ctx.path)])
      if (loaded.status !== undefined) return loaded
      const data = loaded.data && typeof loaded.data === "object" ? loaded.data : {}
      return { data: { ...data, [EXTRAS_KEY]: extras } }
    },
    head: (data: Record<string, unknown>, params) => {
      const head = typeof baseHead === "function" ? baseHead(data as never, params) : baseHead
      const settings = (data[EXTRAS_KEY] as SiteExtras | undefined)?.settings
      if (!settings) return head
      return {
        ...head,
        title: settings.meta_title,
        ...(settings.meta_description ? { description: settings.meta_description } : {}),
        ...(settings.meta_keywords ? { keywords: settings.meta_keywords } : {}),
      }
    },
    page: () => Promise.all([page(), import("../features/content/Banners.tsx")]).then(([Page, m]) => m.withBanners(Page)),
  }
}

/** 404 from the API is a page that does not exist; any other failure is thrown (the error page by status). */
export async function orNotFound<D>(load: () => Promise<D>): Promise<Loaded<D>> {
  try {
    return { data: await load() }
  } catch (err) {
    if ((err as { status?: unknown } | null)?.status === 404) return { status: 404 }
    throw err
  }
}

export interface RegionData {
  readonly city: { readonly slug: string; readonly name: string }
}

const loadRegion = ({ params, get }: { params: Readonly<Record<string, string>>; get: ApiGet }) =>
  orNotFound(async (): Promise<RegionData> => {
    const r = await get<{ data: { attributes: { name: string; slug: string } } }>(`/api/v2/cities/${encodeURIComponent(params.region_id ?? "")}/`)
    return { city: { slug: r.data.attributes.slug, name: r.data.attributes.name } }
  })

export const SITE_ROUTES: readonly AppRoute[] = [
  { name: "index", path: "/", area: "site", head: { title: messages.home.title, description: messages.home.lead }, page: homePage, city: "clear" },
  ...CONTENT_ROUTES,
  {
    name: "search",
    path: "/search",
    area: "site",
    head: { title: messages.search.title },
    page: () => import("../features/search/SearchPage.tsx").then((m) => m.SearchPage),
    loader: loadSearch,
  },
  {
    name: "feedback",
    path: "/feedback",
    area: "site",
    head: { title: p.feedback },
    page: () => import("../features/requests/FeedbackPage.tsx").then((m) => m.default),
  },
  ...CATALOGUE_ROUTES,
  // The CA's register of certificates (docs/register.md).
  { name: "reestr", path: "/reestr", area: "site", head: { title: p.reestr }, page: () => import("../features/register/ReestrPage.tsx").then((m) => m.ReestrPage) },
  // The CA's public repository: its certificates, CRLs, the revoked list and the accreditation (docs/register.md).
  {
    name: "uc_repository",
    path: "/uc_repository",
    area: "site",
    head: { title: p.uc_repository },
    page: () => import("../features/register/RepositoryPage.tsx").then((m) => m.RepositoryPage),
    loader: (ctx) => repositoryLoader().then((m) => m.loadRepository(ctx)),
  },
  // The МЧД registry's public services (docs/epoa.md).
  { name: "epoa", path: "/epoa", area: "site", head: { title: EPOA_TITLES.hub }, page: () => import("../features/epoa/EpoaHubPage.tsx").then((m) => m.EpoaHubPage) },
  { name: "epoa-principal", path: "/epoa/principal", area: "site", head: { title: EPOA_TITLES.principal }, page: () => import("../features/epoa/EpoaSearchPage.tsx").then((m) => m.EpoaPrincipalPage) },
  { name: "epoa-representative", path: "/epoa/representative", area: "site", head: { title: EPOA_TITLES.representative }, page: () => import("../features/epoa/EpoaSearchPage.tsx").then((m) => m.EpoaRepresentativePage) },
  { name: "epoa-model", path: "/epoa/model", area: "site", head: { title: EPOA_TITLES.model }, page: () => import("../features/epoa/EpoaModelPage.tsx").then((m) => m.EpoaModelPage) },
  {
    name: "epoa-revoked",
    path: "/epoa/revoked",
    area: "site",
    head: { title: EPOA_TITLES.revoked },
    page: () => import("../features/epoa/EpoaRevokedPage.tsx").then((m) => m.EpoaRevokedPage),
    loader: (ctx) => epoaLoaders().then((m) => m.loadRevoked(ctx)),
  },
  // 'Проверка электронной подписи', the validation service's page (docs/validation.md).
  { name: "svs", path: "/svs", area: "site", head: { title: p.svs }, page: () => import("../features/validation/ValidationPage.tsx").then((m) => m.ValidationPage) },
  // The outcome of a payment by its opaque id: read in the browser (the owner's token shows the order and amount).
  { name: "payment_result-success-id", path: "/payment_result/success/:id", area: "site", head: { title: p.paymentResult }, page: paymentResultPage, loader: loadPaymentExists },
  { name: "payment_result-failure-id", path: "/payment_result/failure/:id", area: "site", head: { title: p.paymentResult }, page: paymentResultPage, loader: loadPaymentExists },
  {
    name: "partner_clients-docs",
    path: /^\/(?<partner>[a-z0-9_-]+)_clients\/docs$/,
    area: "site",
    // The partner's name in the title; an unknown partner is the 404 page (docs/catalogue.md).
    head: ((data: { partner?: Named }) => ({ title: data.partner ? `${p.partnerClientDocs}: ${data.partner.attributes.name}` : p.partnerClientDocs })) as AppRoute["head"],
    page: docsPage,
    loader: async (ctx) => {
      const [partner, docs] = await Promise.all([catalogue().then((m) => m.loadPartnerByCode(ctx)), loadDocs!(ctx)])
      if (partner.status !== undefined) return partner
      if (docs.status !== undefined) return docs
      return { data: { ...(docs.data as object), partner: partner.data.partner } }
    },
  },
  // Signing in the browser (docs/signer.md): the workplace check (public), the binding (signed-in).
  { name: "workplace_check", path: "/workplace_check", area: "site", head: { title: p.workplaceCheck }, page: () => import("../features/signer/WorkplaceCheckPage.tsx").then((m) => m.WorkplaceCheckPage) },
  {
    name: "certificate-binding",
    path: "/certificate/binding",
    area: "account",
    head: { title: p.certificateBinding },
    access: forUsers,
    page: () => import("../features/signer/BindingPage.tsx").then((m) => m.BindingPage),
  },
]

/** A page of the account area (the account, the orders, the sign-in pages), rendered in the browser. */
const account = (name: string, path: string, title: string, page: AppRoute["page"], access?: RouteAccess): AppRoute => ({
  name,
  path,
  area: "account",
  head: { title },
  page,
  ...(access ? { access } : {}),
})

const orderWizardPage = () => import("../features/orders/OrderWizardPage.tsx").then((m) => m.OrderWizardPage)
const representativePage = () => import("../features/account/RepresentativePage.tsx").then((m) => m.RepresentativePage)
const representativeFormPage = () => import("../features/account/RepresentativeFormPage.tsx").then((m) => m.RepresentativeFormPage)

const ACCOUNT_ROUTES: readonly AppRoute[] = [
  account("account", "/account", p.account, () => import("../features/account/AccountPage.tsx").then((m) => m.AccountPage), forUsers),
  account("account-legal_person", "/account/legal_person", messages.access.legalPersons, () => import("../features/account/LegalPersonsPage.tsx").then((m) => m.LegalPersonsPage), forDirectors),
  {
    ...account("account-legal_person-id", "/account/legal_person/:id", messages.access.legalPerson, () => import("../features/account/LegalPersonPage.tsx").then((m) => m.LegalPersonPage), forDirectors),
    head: { title: messages.access.legalPerson, titledByPage: true },
  },
  // One order of the customer (docs/account.md): status, history, documents, payment.
  {
    ...account("account-orders-id", "/account/orders/:id", p.accountOrder, () => import("../features/account/OrderPage.tsx").then((m) => m.OrderPage), forUsers),
    head: { title: p.accountOrder, titledByPage: true },
  },
  // The customer's certificates and the myDSS profile (docs/account-certificates.md); the profile is its owner's only (the API answers others 404), never indexed.
  account("account-certificates", "/account/certificates", p.accountCertificates, () => import("../features/certificates/CertificatesPage.tsx").then((m) => m.CertificatesPage), forUsers),
  { ...account("account-certificates-id", "/account/certificates/:id", p.accountCertificate, () => import("../features/certificates/CertificatePage.tsx").then((m) => m.CertificatePage), forUsers), head: { title: p.accountCertificate, titledByPage: true } },
  account("mydss-profile-id", "/mydss/profile/:id", p.mydssProfile, () => import("../features/certificates/DssProfilePage.tsx").then((m) => m.DssProfilePage), forUsers),
  // Representatives (docs/account-services.md): director level, as the legal persons they act for.
  // The МЧД of the director's companies (docs/epoa.md).
  account("account-epoas", "/account/epoas", EPOA_TITLES.account, () => import("../features/epoa/AccountEpoasPage.tsx").then((m) => m.AccountEpoasPage), forDirectors),
  account("account-representative", "/account/representative", messages.access.representatives, () => import("../features/account/RepresentativesPage.tsx").then((m) => m.RepresentativesPage), forDirectors),
  account("account-representative-new", "/account/representative/new", messages.access.newRepresentative, representativeFormPage, forDirectors),
  { ...account("account-representative-id", "/account/representative/:id", messages.access.representative, representativePage, forDirectors), head: { title: messages.access.representative, titledByPage: true } },
  { ...account("account-representative-id-edit", "/account/representative/:id/edit", messages.access.editRepresentative, representativeFormPage, forDirectors), head: { title: messages.access.editRepresentative, titledByPage: true } },
  // The order wizard (docs/orders.md): open to anonymous visitors up to the review; the submit asks to sign in; uc_order sends /orders/new without a choice to /price.
  account("orders-new", "/orders/new", p.orderNew, orderWizardPage),
  account("orders-order_id-edit", "/orders/:order_id?/edit", p.orderEdit, orderWizardPage),
  // The embedded test gateway's confirmation page (no ЮKassa keys configured; docs/payments.md).
  account("payment_gateway-id", "/payment_gateway/:id", PAYMENT_GATEWAY_TITLE, () => import("../features/payments/PaymentGatewayPage.tsx").then((m) => m.PaymentGatewayPage)),
  account("users-sign_in", "/users/sign_in", p.signIn, () => import("../features/auth/UserSignInPage.tsx").then((m) => m.UserSignInPage)),
  // Not in SPEC.md: the way a stranger becomes a customer (docs/decisions.md, «Регистрация»).
  account("users-sign_up", "/users/sign_up", signUpMessages.title, () => import("../features/auth/SignUpPage.tsx").then((m) => m.SignUpPage), notForAdmin),
  account("users-director-sign_in", "/users/director/sign_in", p.directorSignIn, () => import("../features/auth/DirectorSignInPage.tsx").then((m) => m.DirectorSignInPage)),
  account("users-confirmation", "/users/confirmation", p.confirmation, () => import("../features/confirmation/ConfirmationPage.tsx").then((m) => m.default), notForAdmin),
  account("users-password-edit", "/users/password/edit", p.passwordEdit, () => import("../features/password/PasswordEditPage.tsx").then((m) => m.default), notForAdmin),
]

/** The region page `/{region_id}` by city slug: last, so that every named page wins over a slug. */
const REGION_ROUTE: AppRoute = {
  name: "region_id",
  path: "/:region_id",
  area: "site",
  head: (data: RegionData) => ({ title: p.region(data.city.name), description: messages.home.regionLead(data.city.name) }),
  page: () => import("../features/shell/RegionPage.tsx").then((m) => m.RegionPage),
  loader: loadRegion,
  city: "fromData",
}

/**
 * Every route of the site and the account, first match wins. The admin area's routes (any address
 * with /crm or /admin_users) are its own part of the table, src/app/crm-routes.ts, derived from the CRM
 * resource declarations and loaded with the CRM's chunk.
 */
export const ROUTES: readonly AppRoute[] = [...SITE_ROUTES.map(withSiteExtras), ...ACCOUNT_ROUTES, withSiteExtras(REGION_ROUTE)]
