/**
 * A seeded pseudo-random generator (mulberry32): the demo data is the same on every database, so
 * tests and screenshots can name a company or an address and find it again.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  pick<T>(list: readonly T[]): T
  /** `n` digits as a string (leading zeros kept). */
  digits(n: number): string
}

export function prng(seed: number): Prng {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: <T>(list: readonly T[]) => list[int(0, list.length - 1)] as T,
    digits: (n: number) => Array.from({ length: n }, () => String(int(0, 9))).join(""),
  }
}
