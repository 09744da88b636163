import { BlockList, isIP } from "node:net"

/**
 * The addresses ЮKassa sends its HTTP notifications from, as its documentation publishes them
 * ("Входящие уведомления", checked 2026-11): the value docs/payments.md gives for YOOKASSA_NOTIFY_IPS.
 */
export const YOOKASSA_NOTIFY_RANGES = ["185.71.76.0/27", "185.71.77.0/27", "77.75.153.0/25", "77.75.156.11", "77.75.156.35", "77.75.154.128/25", "2a02:5180::/32"] as const

export interface AddressList {
  /** No entries: every address is accepted. */
  readonly empty: boolean
  has(address: string): boolean
}

/** '::ffff:185.71.76.10' (an IPv4 client on a dual-stack socket) is 185.71.76.10; '[…]' and a zone are dropped. */
const plain = (address: string) => {
  const a = address.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "")
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a)
  return mapped ? mapped[1]! : a
}

/**
 * An allow-list of addresses and CIDR ranges, IPv4 and IPv6, separated by commas or spaces
 * (YOOKASSA_NOTIFY_IPS). A malformed entry throws at start: a typo must not silently open or close the
 * notification endpoint.
 */
export function addressList(raw: string): AddressList {
  const list = new BlockList()
  const entries = raw.split(/[\s,]+/).filter(Boolean)
  for (const entry of entries) {
    const [address = "", prefix, extra] = entry.split("/")
    const version = isIP(address)
    const bits = version === 6 ? 128 : 32
    if (version === 0 || extra !== undefined || (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits))) {
      throw new Error(`YOOKASSA_NOTIFY_IPS: "${entry}" is not an address or a CIDR range`)
    }
    const type = version === 6 ? "ipv6" : "ipv4"
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return {
    empty: entries.length === 0,
    has(address: string) {
      const a = plain(address)
      const version = isIP(a)
      return version !== 0 && list.check(a, version === 6 ? "ipv6" : "ipv4")
    },
  }
}
