import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, InvalidStorageKeyError, isValidKey, type LocalStorage } from './storage';

let dir: string;
let storage: LocalStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  storage = createStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('storage', () => {
  it('puts, reads, streams, checks and deletes objects under DATA_DIR/uploads/{bucket}/{key}', async () => {
    await storage.put('product-images', 'products/p1/i1/400.webp', Buffer.from('hello'));
    expect(await readFile(path.join(dir, 'uploads/product-images/products/p1/i1/400.webp'), 'utf8')).toBe(
      'hello',
    );
    expect((await storage.read('product-images', 'products/p1/i1/400.webp')).toString()).toBe('hello');
    expect(await storage.exists('product-images', 'products/p1/i1/400.webp')).toBe(true);
    expect(await storage.exists('logo', 'products/p1/i1/400.webp')).toBe(false);
    expect(await storage.stat('product-images', 'products/p1/i1/400.webp')).toMatchObject({ size: 5 });

    const opened = await storage.open('product-images', 'products/p1/i1/400.webp');
    expect(opened).toMatchObject({ size: 5 });
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    expect(await storage.open('product-images', 'products/p1/i1/800.webp')).toBeNull();

    await storage.delete('product-images', 'products/p1/i1/400.webp');
    expect(await storage.exists('product-images', 'products/p1/i1/400.webp')).toBe(false);
    await storage.delete('product-images', 'products/p1/i1/400.webp');
  });

  it('overwrites atomically and deletes whole folders', async () => {
    await storage.put('logo', 'logo.svg', '<svg/>');
    await storage.put('logo', 'logo.svg', '<svg></svg>');
    expect((await storage.read('logo', 'logo.svg')).toString()).toBe('<svg></svg>');

    await storage.put('product-images', 'products/p2/a/400.webp', 'a');
    await storage.put('product-images', 'products/p2/b/400.webp', 'b');
    await storage.put('product-images', 'products/p3/c/400.webp', 'c');
    await storage.deletePrefix('product-images', 'products/p2');
    expect(await storage.exists('product-images', 'products/p2/a/400.webp')).toBe(false);
    expect(await storage.exists('product-images', 'products/p2/b/400.webp')).toBe(false);
    expect(await storage.exists('product-images', 'products/p3/c/400.webp')).toBe(true);
  });

  it('never lets a key escape its bucket folder', async () => {
    await writeFile(path.join(dir, 'secret.txt'), 'secret');
    await storage.put('logo', 'logo.svg', '<svg/>');
    const escapes = [
      '../secret.txt',
      '../../secret.txt',
      'a/../../secret.txt',
      '..',
      '.',
      '',
      '/etc/passwd',
      'products//x',
      'products/./x',
      '..\\..\\secret.txt',
      'a\\..\\..\\secret.txt',
      '%2e%2e/secret.txt',
      'logo.svg\0.png',
      '.hidden',
      '../logo/logo.svg',
      'x'.repeat(600),
    ];
    for (const key of escapes) {
      expect(isValidKey(key), key).toBe(false);
      await expect(storage.read('product-images', key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists('product-images', key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put('product-images', key, 'x'), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.delete('product-images', key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.deletePrefix('product-images', key), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    }
    expect(await readFile(path.join(dir, 'secret.txt'), 'utf8')).toBe('secret');
    expect(await storage.exists('logo', 'logo.svg')).toBe(true);
  });

  it('refuses unknown buckets', () => {
    // biome-ignore lint/suspicious/noExplicitAny: deliberately passing a bucket the type forbids
    expect(() => storage.pathOf('../x' as any, 'a')).toThrow(/unknown bucket/);
  });
});
