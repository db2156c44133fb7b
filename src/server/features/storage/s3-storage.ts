import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../env';
import { type Bucket, checkKey, type Storage } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
};

const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

const isMissing = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * The S3-compatible adapter (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces…): every process
 * of the shop, on any machine, sees the same objects. Our buckets are prefixes of the one S3
 * bucket (`product-images/{key}`, `logo/{key}`); the bucket stays private, since the shop serves
 * the files itself (docs/decisions/2026-11-23-object-storage.md).
 */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 demands them: several S3-compatible servers reject the newer
    // default (CRC32 trailers on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const objectKey = (bucket: Bucket, key: string) => {
    checkKey(bucket, key);
    return `${bucket}/${key}`;
  };

  const get = async (bucket: Bucket, key: string) => {
    const result = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(bucket, key) }));
    if (!result.Body) throw new Error(`empty object: ${bucket}/${key}`);
    return result.Body;
  };

  const stat: Storage['stat'] = async (bucket, key) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(bucket, key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',
    async put(bucket, key, data) {
      // A PUT replaces the whole object at once: readers never see half of it.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(bucket, key),
          Body: typeof data === 'string' ? Buffer.from(data) : data,
          ContentType: contentTypeOf(key),
        }),
      );
    },
    async read(bucket, key) {
      return Buffer.from(await (await get(bucket, key)).transformToByteArray());
    },
    stat,
    async stream(bucket, key) {
      // In Node.js the SDK's body is a Readable (an http.IncomingMessage).
      return (await get(bucket, key)) as unknown as Readable;
    },
    async exists(bucket, key) {
      return (await stat(bucket, key)) !== null;
    },
    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(bucket, key) }));
    },
    async deletePrefix(bucket, prefix) {
      const Prefix = `${objectKey(bucket, prefix.replace(/\/+$/, ''))}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
