import type { Hono } from "hono"
import { certificateMessages as m } from "../../schemas/messages/certificates.ts"
import { dss_user_deeplink_frm } from "../../schemas/forms/dss_user_deeplink_frm.ts"
import type { AppEnv, Deps } from "../lib/env.ts"
import { readPreset } from "../lib/forms.ts"
import { notFound, unprocessable } from "../lib/http.ts"
import { maskPhone } from "../lib/secrets.ts"
import { createThrottle } from "../lib/throttle.ts"
import { requireUser } from "../lib/user-auth.ts"
import { deeplinkQrSvg, dssDeeplink, ownDssProfile, ownedDssProfile } from "../services/dss.ts"
import { admitSms, deliverSms } from "../services/sms/send.ts"
import { smsMessages } from "../../schemas/messages/sms.ts"
import { serializeCertificate } from "./account-certificates.ts"

/**
 * The myDSS profile (docs/account-certificates.md): `POST /api/v1/lk/dss_profile/` answers the signed-in
 * customer's own profile (created on the first call); `GET /api/v1/lk/dss_profiles/{id}/` its page's
 * data (the certificates held in DSS, the deep link, its QR code) — the owner only, another's and an
 * unknown id alike 404; `POST …/{id}/sms/` (dss_user_deeplink_frm) sends the link by SMS to the account's
 * own confirmed phone (never a number from the request), rate-limited.
 * The page's address is for nobody's index: `X-Robots-Tag: noindex` on /mydss/.
 * Without DSS_URL (development only: production requires it) there is no DSS server to link to: the
 * three calls answer 404 and the account offers no myDSS (`mydss: false` in /api/v2/site_config/).
 */
export function dssRoutes(app: Hono<AppEnv>, deps: Deps): void {
  const k = deps.db.kysely
  const signedIn = requireUser(deps)
  const dssUrl = deps.config.dssUrl
  // Signed in first (401 as every account call), then nothing to find without a DSS server.
  const guard: typeof signedIn = (c, next) =>
    signedIn(c, async () => {
      if (dssUrl === null) throw notFound()
      await next()
    })
  const throttle = createThrottle(deps.db, deps.config)

  app.use("/mydss/*", async (c, next) => {
    await next()
    c.header("X-Robots-Tag", "noindex, nofollow")
  })

  app.post("/api/v1/lk/dss_profile", guard, async (c) => {
    const profile = await ownDssProfile(deps.db, c.get("user").id)
    return c.json({ data: { id: profile.public_id, url: `/mydss/profile/${profile.public_id}` } })
  })

  const owned = async (userId: number, id: string) => {
    const profile = await ownedDssProfile(deps.db, userId, id)
    if (!profile) throw notFound()
    return profile
  }

  app.get("/api/v1/lk/dss_profiles/:id", guard, async (c) => {
    const user = c.get("user")
    const profile = await owned(user.id, c.req.param("id"))
    const rows = await k.selectFrom("certificates").selectAll().where("user_id", "=", user.id).where("key_storage", "=", "dss").orderBy("not_after", "desc").orderBy("id", "desc").execute()
    const deeplink = dssDeeplink(dssUrl!, profile.public_id)
    return c.json({ data: { id: profile.public_id, deeplink, qr_svg: await deeplinkQrSvg(deeplink), certificates: rows.map(serializeCertificate) } })
  })

  app.post("/api/v1/lk/dss_profiles/:id/sms", guard, async (c) => {
    const user = c.get("user")
    const profile = await owned(user.id, c.req.param("id"))
    await readPreset(c, dss_user_deeplink_frm)
    // Only ever the account's own phone, confirmed with the account: a number typed in the form is not
    // where the link goes, so nobody can send our SMS to a stranger.
    const phone = user.mobile_phone
    if (!phone) throw unprocessable({ phone: [m.api.noPhone] })
    await admitSms(c, deps, throttle, { userId: user.id, phone, kind: "dss_link" })
    await deliverSms(deps, phone, smsMessages.dssLink(dssDeeplink(dssUrl!, profile.public_id)))
    return c.json({ data: { phone: maskPhone(phone), resend_in: deps.config.sms.resendSeconds } }, 201)
  })
}
