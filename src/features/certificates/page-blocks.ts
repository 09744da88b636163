import type { ComponentType } from "react"
import { AccountBoundCertificates } from "../signer/index.ts"

/**
 * The certificates page's extra blocks (/account/certificates), drawn in this order after the list of
 * the certificates our CA issued: SIGNER appends here its list of the certificates bound to the account
 * (/certificate/binding, choose_certificate_frm), imported through its feature's index.ts. Each block
 * renders its own section (heading included), or null when it has nothing to show.
 */
export const CERTIFICATE_PAGE_BLOCKS: ReadonlyArray<ComponentType> = [AccountBoundCertificates]
