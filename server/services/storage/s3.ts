import { createReadStream } from "node:fs"
import { rm } from "node:fs/promises"
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3"
import type { Config } from "../../config.ts"
import { checkKey, type Storage } from "./types.ts"

type S3Config = NonNullable<Config["s3"]>

/** 404 of GET (NoSuchKey) and of HEAD (NotFound, no body): there is no such object. */
const isMissing = (err: unknown) => err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === "NoSuchKey" || err.name === "NotFound")

/**
 * Kept files as objects of one S3-compatible bucket (AWS, Yandex Object Storage, MinIO, s3rver in the
 * tests), addressed path-style (`<endpoint>/<bucket>/<key>`), which every such service understands.
 * Checksums only where the API requires them: several S3-compatible services refuse the SDK's newer
 * default of a trailing CRC32 on every upload.
 */
export function s3Storage(s3: S3Config): Storage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // Without keys the SDK's own chain answers (AWS_* variables, an instance role).
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
  })
  const Bucket = s3.bucket
  return {
    kind: "s3",
    async put(key, source, { contentType }) {
      const Key = checkKey(key)
      if (source instanceof Uint8Array) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: source, ContentType: contentType, ContentLength: source.length }))
        return
      }
      await client.send(new PutObjectCommand({ Bucket, Key, Body: createReadStream(source.path), ContentType: contentType, ContentLength: source.size }))
      // Kept: the received file is moved, as the directory's rename moves it.
      await rm(source.path, { force: true })
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }))
        if (!res.Body) return null
        return { size: Number(res.ContentLength ?? 0), etag: res.ETag ?? `"${key}"`, body: res.Body.transformToWebStream() as ReadableStream<Uint8Array> }
      } catch (err) {
        if (isMissing(err)) return null
        throw err
      }
    },
    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }))
        return { size: Number(res.ContentLength ?? 0), etag: res.ETag ?? `"${key}"` }
      } catch (err) {
        if (isMissing(err)) return null
        throw err
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
    },
  }
}
