import { Hono } from "hono"
import { JSON_BODY_MAX_BYTES } from "../schemas/constants.ts"
import { messages } from "../schemas/messages/common.ts"
import type { AppEnv, Deps } from "./lib/env.ts"
import { bodyCap, HttpError } from "./lib/http.ts"
import { compression } from "./lib/compression.ts"
import { secureHeaders, setHeaders } from "./lib/secure-headers.ts"
import { requestLog } from "./lib/request-id.ts"
import { healthRoutes } from "./routes/health.ts"
import { contentSecurityPolicy } from "./lib/csp.ts"
import { cspReportRoutes } from "./routes/csp-report.ts"
import { requireAdmin } from "./lib/admin-auth.ts"
import { catalogueRoutes } from "./routes/catalogue.ts"
import { cataloguePartnerRoutes } from "./routes/catalogue-partners.ts"
import { cataloguePlaceRoutes } from "./routes/catalogue-places.ts"
import { cityRoutes } from "./routes/cities.ts"
import { contentRoutes } from "./routes/content.ts"
import { crmResourceRoutes } from "./routes/crm-resources.ts"
import { epoaRoutes } from "./routes/epoa.ts"
import { crmSessionRoutes } from "./routes/crm-session.ts"
import { legalPersonRoutes } from "./routes/legal-persons.ts"
import { accountOrderRoutes } from "./routes/account-orders.ts"
import { orderScanRoutes } from "./routes/order-scans.ts"
import { accountCertificateRoutes } from "./routes/account-certificates.ts"
import { dssRoutes } from "./routes/dss.ts"
import { crmOrderDocumentRoutes } from "./routes/crm-orders.ts"
import { crmIdentityCheckRoutes } from "./routes/crm-identity-check.ts"
import { orderRoutes } from "./routes/orders.ts"
import { qesVerifier } from "./services/qes-verifier.ts"
import { passwordRoutes } from "./routes/passwords.ts"
import { phoneCodeRoutes } from "./routes/phone-codes.ts"
import { userRoutes } from "./routes/users.ts"
import { certAuthRoutes } from "./routes/cert-auth.ts"
import { footerLinkRoutes } from "./routes/footer-links.ts"
import { menuItemRoutes } from "./routes/menu-items.ts"
import { siteConfigRoutes } from "./routes/site-config.ts"
import { captchaRoutes } from "./routes/captcha.ts"
import { crmImageRoutes } from "./routes/crm-images.ts"
import { feedbackRoutes } from "./routes/feedbacks.ts"
import { remoteOfferRoutes } from "./routes/remote-offers.ts"
import { salesRequestRoutes } from "./routes/sales-requests.ts"
import { consultationRoutes } from "./routes/consultations.ts"
import { paymentRoutes } from "./routes/payments.ts"
import { representativeRoutes } from "./routes/representatives.ts"
import { claimRoutes } from "./routes/claims.ts"
import { licenceRoutes } from "./routes/licences.ts"
import { searchRoutes } from "./routes/search.ts"
import { seoRoutes } from "./routes/seo.ts"
import { suggestionRoutes } from "./routes/suggestions.ts"
import { uploadRoutes } from "./routes/uploads.ts"
import { certificateRoutes } from "./routes/certificates.ts"
import { caRepositoryRoutes } from "./routes/ca-repository.ts"
import { cdpRoutes } from "./routes/cdp.ts"
import { crmCertificateRoutes } from "./routes/crm-certificates.ts"
import { documentRoutes } from "./routes/documents.ts"
import { pageRoutes } from "./render.ts"
import { staticRoutes } from "./static.ts"
import { svsRoutes } from "./routes/svs.ts"
import { crmTrustRootRoutes } from "./routes/crm-trust-roots.ts"
import { openapiRoutes } from "./routes/openapi.ts"
import { sameOriginWrites } from "./lib/same-origin.ts"

/** API answers are a visitor's own unless a route says otherwise (the cached public reads do). */
const NO_STORE = Object.freeze({ "cache-control": "no-store" })

/** Builds the whole HTTP app; tests build it too. Paths match with or without the trailing slash. */
export function createApp(deps: Deps, options: { serveStatic?: boolean } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false })

  // First, so its duration covers the rest: the request's id (X-Request-Id) and its JSON log line.
  app.use("*", requestLog(deps))
  // docs/production.md, "Caching and compression": the hot public reads answered from memory,
  // complete with every header below (set once, when kept); the CRM's writes invalidate them everywhere.
  app.use("*", deps.cache.middleware)
  // The OWASP set, in place on the route's answer; gzip/Brotli for the clients that ask (not the cache's).
  app.use("*", secureHeaders(deps.config))
  app.use("*", compression((c) => deps.cache.handles(c)))
  // The Content-Security-Policy of every answer; pages set their own with a nonce (server/lib/csp.ts).
  app.use("*", contentSecurityPolicy())
  app.use("/api/*", async (c, next) => {
    await next()
    if (!c.res.headers.has("cache-control")) setHeaders(c, NO_STORE)
  })
  // A state-changing call a page of another site sends is refused, signed in or not (docs/security.md, "Sessions").
  app.use("/api/*", sameOriginWrites(deps.config))
  // A JSON body is read whole, so it has a cap (uploads are multipart, capped by their parser per field).
  const jsonLimit = bodyCap(JSON_BODY_MAX_BYTES)
  app.use("/api/*", (c, next) => (/^multipart\//i.test(c.req.header("content-type") ?? "") ? next() : jsonLimit(c, next)))

  // /healthz and /readyz for balancers and supervisors (server/routes/health.ts).
  healthRoutes(app, deps)
  // Every CRM call except signing in needs an administrator's token.
  app.use("/api/v2/crm/*", async (c, next) =>
    c.req.path.replace(/\/+$/, "") === "/api/v2/crm/sign_in" ? next() : requireAdmin(deps)(c, next),
  )

  crmSessionRoutes(app, deps)
  // The МЧД registry (docs/epoa.md); before the declared resources: its /upload is no record id.
  epoaRoutes(app, deps)
  // Every declared CRM resource (schemas/resources/index.ts): list, read, and unless read-only the writes.
  crmResourceRoutes(app, deps)
  menuItemRoutes(app, deps)
  cityRoutes(app, deps)
  footerLinkRoutes(app, deps)
  siteConfigRoutes(app, deps)
  userRoutes(app, deps)
  // Signing with a certificate (challenges, binding, sign-in by certificate; docs/signer.md).
  certAuthRoutes(app, deps)
  passwordRoutes(app, deps)
  phoneCodeRoutes(app, deps)
  legalPersonRoutes(app, deps)
  // The account's orders and the CRM's order documents (docs/account.md).
  accountOrderRoutes(app, deps)
  // The order page after the submit: the office, the scans, the certificate (docs/account.md, "After payment").
  orderScanRoutes(app, deps)
  crmOrderDocumentRoutes(app, deps)
  // The identity check of an order before its certificate (docs/account.md, «Проверка личности»).
  crmIdentityCheckRoutes(app, deps)
  // The customer's certificates in the account and the myDSS profile (docs/account-certificates.md).
  accountCertificateRoutes(app, deps)
  dssRoutes(app, deps)
  // The customer's orders (the wizard's API).
  orderRoutes(app, deps, qesVerifier(deps))
  // The services behind form fields and the visitors' requests.
  captchaRoutes(app, deps)
  suggestionRoutes(app, deps)
  uploadRoutes(app, deps)
  crmImageRoutes(app, deps)
  remoteOfferRoutes(app, deps)
  feedbackRoutes(app, deps)
  salesRequestRoutes(app, deps)
  consultationRoutes(app, deps)
  // Payments (card through ЮKassa or the embedded test gateway, invoices, notifications).
  paymentRoutes(app, deps)
  representativeRoutes(app, deps)
  claimRoutes(app, deps)
  licenceRoutes(app, deps)
  searchRoutes(app, deps)
  // The CA's register (docs/register.md): public lookups, the .cer, the revoked lists (before the
  // content's documents, which keep the EP documents' types), the CRM's import, phone suspension, 'Выпустить'.
  certificateRoutes(app, deps)
  documentRoutes(app, deps)
  // The CA's public repository: its certificates, CRLs and accreditation (docs/register.md).
  caRepositoryRoutes(app, deps)
  crmCertificateRoutes(app, deps)
  // The public content (pages, FAQ, news, documents, banners, page settings).
  contentRoutes(app, deps)
  // The catalogue (tariffs, options, platforms, offices, partners, delivery cities).
  catalogueRoutes(app, deps)
  cataloguePlaceRoutes(app, deps)
  cataloguePartnerRoutes(app, deps)
  // Certificate and signature validation (docs/validation.md).
  svsRoutes(app, deps)
  crmTrustRootRoutes(app, deps)

  // Browsers' reports of what the Content-Security-Policy blocked.
  cspReportRoutes(app, deps)
  // The API described (OpenAPI 3.1 from the routes' schemas) and its viewer (docs/api.md).
  openapiRoutes(app)
  app.all("/api/*", (c) => c.json({ message: messages.http.notFound }, 404))
  // The CA's CRL at its distribution point (docs/register.md).
  cdpRoutes(app, deps)
  // Before the static files: robots.txt comes from the CRM.
  seoRoutes(app, deps)
  if (options.serveStatic !== false) {
    staticRoutes(app, deps)
    pageRoutes(app, deps)
  }

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(err.body, err.status, err.headers)
    // The stack goes to the log with the request's id, never to the client.
    deps.log.error({ err, reqId: c.get("requestId"), method: c.req.method, path: c.req.path }, "unexpected error")
    return c.json({ message: messages.http.serverError }, 500)
  })
  return app
}
