/**
 * node-gost-crypto 1.0.2's modular inverse (lib/gostSign.js, `invMod`) calls `subtract(d, m)` in its
 * rare branch d ≥ m, but the library defines no `subtract` (its own is named `sub`): about one point
 * operation in 2,000 threw a ReferenceError there, which failed a signing at random (seen as the CA
 * key check failing at a server's start) and failed the verification of some valid signatures
 * for good. The library's code is not strict and looks the name up globally, so the missing function
 * is given here, on the library's numbers: arrays of 28-bit words, `t` of them in use, `s` the sign
 * (0, or -1 for a negative number in two's complement).
 */
interface Words extends Array<number> {
  t: number
  s: number
}

const DB = 28n
const DM = (1n << DB) - 1n

export function wordsToBigInt(x: Words): bigint {
  let v = 0n
  for (let i = x.t - 1; i >= 0; i--) v = (v << DB) | BigInt(x[i]!)
  return x.s < 0 ? v - (1n << (DB * BigInt(x.t))) : v
}

export function bigIntToWords(v: bigint): Words {
  const r = [] as number[] as Words
  r.s = v < 0n ? -1 : 0
  const rest = v < 0n ? -1n : 0n
  for (let u = v; u !== rest; u >>= DB) r.push(Number(u & DM))
  r.t = r.length
  // As the library's clamp: no leading word that only repeats the sign.
  const sign = r.s & Number(DM)
  while (r.t > 0 && r[r.t - 1] === sign) r.t--
  return r
}

/** x − y, as the library's `sub`. */
export const subtract = (x: Words, y: Words): Words => bigIntToWords(wordsToBigInt(x) - wordsToBigInt(y))

const scope = globalThis as { subtract?: unknown }
scope.subtract ??= subtract
