import { mkdtempSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3"

/** s3rver ships no types: the part of its class the tests use. */
interface S3rverServer {
  run(): Promise<{ port: number }>
  close(): Promise<void>
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass

/** s3rver's fixed keys (it checks the signature with them). */
const KEYS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" } as const

export interface TestS3 {
  /** The app's S3_* settings for this server and its bucket. */
  readonly env: Record<string, string>
  /** Every key in the bucket (below `prefix`). */
  keys(prefix?: string): Promise<string[]>
  close(): Promise<void>
}

/**
 * An S3-compatible server (s3rver, objects in a temporary directory) on a free port of 127.0.0.1 with
 * one bucket, addressed path-style as the app addresses every S3 service.
 */
export async function startS3(bucket = "uc-test"): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "uc-s3-"))
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const env = { S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: "us-east-1", ...KEYS }
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: KEYS.S3_ACCESS_KEY_ID, secretAccessKey: KEYS.S3_SECRET_ACCESS_KEY },
  })
  return {
    env,
    async keys(prefix = "") {
      const found: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
        found.push(...(page.Contents ?? []).map((o) => o.Key ?? ""))
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return found
    },
    async close() {
      client.destroy()
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
