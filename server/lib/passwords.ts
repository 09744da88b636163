import { hash, verify } from "@node-rs/argon2"

const options = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, options)

/** A digest of a password nobody has, checked when an e-mail is unknown so both answers take as long. */
let dummyDigest: Promise<string> | undefined

export async function verifyPassword(digest: string | undefined, password: string): Promise<boolean> {
  if (!digest) {
    dummyDigest ??= hashPassword("unused-" + Math.random())
    await verify(await dummyDigest, password).catch(() => false)
    return false
  }
  return verify(digest, password).catch(() => false)
}
