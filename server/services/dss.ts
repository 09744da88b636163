import { randomBytes } from "node:crypto"
import QRCode from "qrcode"
import { DSS_PROFILE_ID_BYTES } from "../../schemas/constants.ts"
import { type Db, now } from "../db/index.ts"

/**
 * The customer's cloud-signature (CryptoPro DSS, the myDSS app) profile (docs/account-certificates.md):
 * its opaque page id, the deep link that opens the myDSS app and the same link as a QR code.
 */

/** 128 bits from the CSPRNG, lower-case hex: the page's id /mydss/profile/{public_id}. */
export const newDssProfileId = () => randomBytes(DSS_PROFILE_ID_BYTES).toString("hex")

/** The opaque id's shape: anything else is not looked up at all. */
export const isDssProfileId = (raw: string) => new RegExp(`^[0-9a-f]{${DSS_PROFILE_ID_BYTES * 2}}$`).test(raw)

/** The user's profile, created on the first call (a unique user_id keeps a race to one row). */
export async function ownDssProfile(db: Db, userId: number): Promise<{ public_id: string }> {
  const k = db.kysely
  const found = await k.selectFrom("dss_profiles").select("public_id").where("user_id", "=", userId).executeTakeFirst()
  if (found) return found
  try {
    await k.insertInto("dss_profiles").values({ public_id: newDssProfileId(), user_id: userId, created_at: now() }).execute()
  } catch (err) {
    // Two first visits at once: the other insert won; its row is the profile.
    const again = await k.selectFrom("dss_profiles").select("public_id").where("user_id", "=", userId).executeTakeFirst()
    if (again) return again
    throw err
  }
  return k.selectFrom("dss_profiles").select("public_id").where("user_id", "=", userId).executeTakeFirstOrThrow()
}

/** The profile of this id if the user owns it; null for another's and for an unknown id alike. */
export async function ownedDssProfile(db: Db, userId: number, publicId: string): Promise<{ public_id: string } | null> {
  if (!isDssProfileId(publicId)) return null
  const row = await db.kysely.selectFrom("dss_profiles").select("public_id").where("public_id", "=", publicId).where("user_id", "=", userId).executeTakeFirst()
  return row ?? null
}

/**
 * The deep link that opens the myDSS app on its registration action, in the form CryptoPro's DSS SDK
 * documents for its mobile apps (`<app>://<action>?<parameters>`, case-sensitive parameters): the DSS
 * server's address and the DSS account's login. The login is the profile's opaque id, never the
 * customer's e-mail or name: the link travels by SMS and as a QR code.
 */
export function dssDeeplink(dssUrl: string, profileId: string): string {
  const params = new URLSearchParams({ url: dssUrl, login: profileId })
  return `mydss://register?${params.toString()}`
}

/** The link as an SVG QR code (error correction M, a quiet zone of one module). */
export const deeplinkQrSvg = (link: string): Promise<string> => QRCode.toString(link, { type: "svg", errorCorrectionLevel: "M", margin: 1 })
