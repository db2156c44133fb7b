import { readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShopProcess, startShop } from './support/shop-process';

/**
 * The build's files as the built shop answers them: from memory, ahead of the app once read
 * (main.ts), with the same headers the app gives them (security headers, caching, a request id)
 * and a log line each, like any request.
 */

const buildDir = process.env.BUILD_DIR ?? 'build';
let shop: ShopProcess;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
const fetchRaw = (urlPath: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    get(`http://127.0.0.1:${shop.port}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
/** Headers that differ between two answers of the same file by nature. */
const stable = ({ date: _date, 'x-request-id': _id, ...rest }: IncomingHttpHeaders) => rest;

beforeAll(async () => {
  shop = await startShop({ NODE_ENV: 'production', LOG_LEVEL: 'info', PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => shop?.stop());

describe('built files', () => {
  it('answers the logo alike the first time (through the app) and after (from memory), with the security headers', async () => {
    const logo = readFileSync(path.join(buildDir, 'client', 'logo.svg'));
    const first = await fetchRaw('/logo.svg');
    const second = await fetchRaw('/logo.svg');
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(logo)).toBe(true);
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers['cache-control']).toBe('public, max-age=3600');
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(stable(second.headers)).toEqual(stable(first.headers));
    const cached = await fetchRaw('/logo.svg', { 'if-none-match': String(first.headers.etag) });
    expect(cached.status).toBe(304);
  });

  it('sends a hashed file’s Brotli form, kept for a year, and logs each answer with its request id', async () => {
    const html = (await fetchRaw('/')).body.toString();
    const asset = /["'](\/assets\/[^"'?#]+\.js)["']/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const brotli = readFileSync(path.join(buildDir, 'client', `${asset}.br`));
    for (let i = 0; i < 2; i++) {
      const answer = await fetchRaw(asset!, { 'accept-encoding': 'gzip, br', 'x-request-id': `file-${i}` });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.body.equals(brotli)).toBe(true);
    }
    await expect
      .poll(() =>
        shop
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"msg":"request"') && line.includes(`"path":"${asset}"`))
          .map((line) => JSON.parse(line).reqId),
      )
      .toEqual(['file-0', 'file-1']);
  });
});

describe('kept pages', () => {
  it('answers a crowd of anonymous visitors from memory, a slice per turn, each with its own log line', async () => {
    const first = await fetchRaw('/', { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    // Kept now; the crowd comes at once, more than one turn's share (PAGES_PER_TURN, 32).
    const crowd = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        fetchRaw('/', { 'accept-encoding': 'gzip', 'x-request-id': `crowd-${i}` }),
      ),
    );
    for (const [i, answer] of crowd.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-request-id']).toBe(`crowd-${i}`);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers.etag).toBe(first.headers.etag);
      expect(answer.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(answer.body.equals(crowd[0]!.body)).toBe(true);
    }
    await expect
      .poll(() =>
        shop
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"msg":"request"') && line.includes('"reqId":"crowd-'))
          .map((line) => JSON.parse(line).reqId)
          .sort(),
      )
      .toEqual(Array.from({ length: 80 }, (_, i) => `crowd-${i}`).sort());
  });
});
