import { BlockList, isIPv4, isIPv6 } from "node:net"

/**
 * Addresses a revocation fetch may connect to: public unicast only. Everything else (loopback, the
 * private ranges, link-local with the cloud metadata service, CGNAT, multicast, documentation and
 * benchmark ranges, unspecified, ULA, site-local) would let a certificate's CRL address reach the
 * server's own network.
 */
// Two lists: a BlockList checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d, inside ::/8).
const blocked4 = new BlockList()
const blocked6 = new BlockList()
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked4.addSubnet(net, bits, "ipv4")
for (const [net, bits] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form; IPv4-mapped ones are read below.
  ["::", 8],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  // IETF protocol assignments (Teredo among them) and documentation.
  ["2001::", 23],
  ["2001:db8::", 32],
  // 6to4 carries an IPv4 address of any kind.
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked6.addSubnet(net, bits, "ipv6")

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address carries. */
function embeddedIpv4(address: string): string | null {
  // The URL parser writes an IPv6 address in its one compressed form, the embedded IPv4 as two hex groups.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  const match = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical)
  if (!match) return null
  const high = parseInt(match[1]!, 16)
  const low = parseInt(match[2]!, 16)
  return [high >> 8, high & 255, low >> 8, low & 255].join(".")
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "")
  if (isIPv4(bare)) return !blocked4.check(bare, "ipv4")
  if (!isIPv6(bare)) return false
  const v4 = embeddedIpv4(bare)
  if (v4 !== null) return isPublicAddress(v4)
  return !blocked6.check(bare, "ipv6")
}
