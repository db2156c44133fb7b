import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Settings } from '../env';
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
 * the files itself, behind a CDN with IMAGE_BASE_URL (docs/decisions/2026-11-23-object-storage.md).
 */
export function createS3Storage(settings: S3Settings): Storage {
  let connection: Promise<{ s3: typeof S3; client: S3.S3Client }> | undefined;
  // The SDK is loaded with the first call: a shop without S3_BUCKET never loads it, and a shop
  // with it does not wait for it before answering (it is a large part of the start-up's imports).
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((s3) => ({ s3, client: newClient(s3) })));
  const newClient = (s3: typeof S3) =>
    new s3.S3Client({
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
    const { s3, client } = await connect();
    const result = await client.send(new s3.GetObjectCommand({ Bucket, Key: objectKey(bucket, key) }));
    if (!result.Body) throw new Error(`empty object: ${bucket}/${key}`);
    return { ...result, Body: result.Body };
  };

  const stat: Storage['stat'] = async (bucket, key) => {
    const { s3, client } = await connect();
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: objectKey(bucket, key) }));
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
      const { s3, client } = await connect();
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: objectKey(bucket, key),
          Body: typeof data === 'string' ? Buffer.from(data) : data,
          ContentType: contentTypeOf(key),
        }),
      );
    },
    async read(bucket, key) {
      return Buffer.from(await (await get(bucket, key)).Body.transformToByteArray());
    },
    stat,
    async open(bucket, key) {
      // One GET: its answer carries the size and time as well as the bytes (a missing object is
      // its 404), so serving an image costs one request to the bucket.
      try {
        const object = await get(bucket, key);
        return {
          size: object.ContentLength ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
          // In Node.js the SDK's body is a Readable (an http.IncomingMessage).
          body: object.Body as unknown as Readable,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(bucket, key) {
      return (await stat(bucket, key)) !== null;
    },
    async delete(bucket, key) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: objectKey(bucket, key) }));
    },
    async deletePrefix(bucket, prefix) {
      const Prefix = `${objectKey(bucket, prefix.replace(/\/+$/, ''))}/`;
      const { s3, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          await client.send(new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
