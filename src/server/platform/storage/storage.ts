import { randomUUID } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * File storage, in place of the hosted backend's buckets: the `Storage` interface with two
 * adapters, a folder on the local disk (`${DATA_DIR}/uploads/{bucket}/{key}`, one machine) and an
 * S3-compatible bucket (s3-storage.ts, any number of machines). Keys are slash-separated names
 * checked against a strict pattern, so no key (however it was encoded in a URL) can reach outside
 * its bucket's folder.
 */
export const BUCKETS = ['product-images', 'logo'] as const;
export type Bucket = (typeof BUCKETS)[number];

// Each segment starts with a letter or digit, so '.', '..' and hidden files are impossible.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

export type StoredObject = { size: number; modifiedAt: Date };
/** An object opened for reading: what `stat` says, and its bytes as they are read. */
export type OpenedObject = StoredObject & { body: Readable };

export interface Storage {
  /** Where objects live, for logs and the health of a deployment: 'local' or 's3'. */
  readonly kind: 'local' | 's3';
  /** Writes atomically, so readers never see half an object. */
  put(bucket: Bucket, key: string, data: Uint8Array | string): Promise<void>;
  read(bucket: Bucket, key: string): Promise<Buffer>;
  /** Null when the object does not exist. */
  stat(bucket: Bucket, key: string): Promise<StoredObject | null>;
  /**
   * Size, modification time and the bytes as they are read, in one request to the store (for
   * serving); null when the object does not exist. The caller must read or destroy `body`.
   */
  open(bucket: Bucket, key: string): Promise<OpenedObject | null>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  /** Deletes one object; deleting a missing object is not an error. */
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Deletes everything under `prefix/` (a folder of keys). */
  deletePrefix(bucket: Bucket, prefix: string): Promise<void>;
}

/** Checks a bucket and key before any adapter touches them. */
export function checkKey(bucket: Bucket, key: string): void {
  if (!isBucket(bucket)) throw new Error(`unknown bucket: ${String(bucket)}`);
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
}

export type LocalStorage = Storage & {
  /** The absolute path of an object, after the key has been checked. */
  pathOf(bucket: Bucket, key: string): string;
};

/** The local-folder adapter: one machine (or a shared disk). Writes go to a temp file, then rename. */
export function createStorage(dataDir: string): LocalStorage {
  const root = path.resolve(dataDir, 'uploads');

  const pathOf = (bucket: Bucket, key: string): string => {
    checkKey(bucket, key);
    const bucketDir = path.join(root, bucket);
    const full = path.resolve(bucketDir, ...key.split('/'));
    // Belt and braces: the pattern already rules out escapes, this makes it independent of it.
    if (!full.startsWith(bucketDir + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  };

  const statOrNull = async (file: string): Promise<Stats | null> => {
    try {
      const info = await stat(file);
      return info.isFile() ? info : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  return {
    kind: 'local',
    pathOf,
    async put(bucket, key, data) {
      const file = pathOf(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, data);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async read(bucket, key) {
      return readFile(pathOf(bucket, key));
    },
    async stat(bucket, key) {
      const info = await statOrNull(pathOf(bucket, key));
      return info ? { size: info.size, modifiedAt: info.mtime } : null;
    },
    async open(bucket, key) {
      const file = pathOf(bucket, key);
      const info = await statOrNull(file);
      if (!info) return null;
      const body = createReadStream(file);
      // Opening errors (a file deleted since its stat) surface here rather than mid-response.
      try {
        await new Promise<void>((resolve, reject) => {
          body.once('open', () => resolve());
          body.once('error', reject);
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return { size: info.size, modifiedAt: info.mtime, body };
    },
    async exists(bucket, key) {
      return (await statOrNull(pathOf(bucket, key))) !== null;
    },
    async delete(bucket, key) {
      await rm(pathOf(bucket, key), { force: true });
    },
    async deletePrefix(bucket, prefix) {
      await rm(pathOf(bucket, prefix.replace(/\/+$/, '')), { recursive: true, force: true });
    },
  };
}
