import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { byteRange, createStaticFiles, type StaticFiles } from './static-files';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>';
const SCRIPT = `export const lines = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `line ${i}`))};\n`;
const STYLES = `${Array.from({ length: 100 }, (_, i) => `.c${i} { color: #${String(i).padStart(6, '0')}; }`).join('\n')}\n`;

let root: string;
let files: StaticFiles;

/** The middleware in an app whose fallback says it was reached, as the shop's pages would be. */
function app(staticFiles = files) {
  const hono = new Hono();
  hono.use(staticFiles.middleware());
  hono.all('*', (c) => c.text('fallback', 404));
  return hono;
}
const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app().request(path, { method, headers });

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'static-files-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'logo.svg'), LOGO);
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'styles-def456.css'), STYLES);
  writeFileSync(path.join(root, 'big.bin'), Buffer.alloc(5000, 1));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><p>a page</p>');
  files = createStaticFiles({ root, immutableFolders: ['assets'], maxFileBytes: 4096 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('static files from memory', () => {
  it('answers a file with its bytes, type, ETag, time and caching', async () => {
    const response = await request('/logo.svg');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(LOGO);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(LOGO.length));
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{22}"$/);
    expect(new Date(response.headers.get('last-modified') ?? '').getTime()).toBeGreaterThan(0);
    // Too small to be worth compressing: one form, so no Vary.
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    // A query string does not change the file.
    expect(await (await request('/logo.svg?v=2')).text()).toBe(LOGO);
  });

  it('sends the build’s Brotli or gzip file to a client that accepts it, with Vary, a year of caching and its own ETag', async () => {
    const br = await request('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const gzip = await request('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(SCRIPT);
    const etags = [br, gzip, plain].map((response) => response.headers.get('etag'));
    expect(new Set(etags).size).toBe(3);
  });

  it('compresses once a compressible file the build did not compress', async () => {
    const br = await request('/assets/styles-def456.css', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(bytes.length).toBeLessThan(STYLES.length / 2);
    expect(brotliDecompressSync(bytes).toString()).toBe(STYLES);
  });

  it('answers 304 to a client that has this version (If-None-Match, else If-Modified-Since)', async () => {
    const first = await request('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    const modified = first.headers.get('last-modified')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await request('/assets/app-abc123.js', {
        'accept-encoding': 'br',
        'if-none-match': ifNoneMatch,
      });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(again.headers.get('vary')).toBe('Accept-Encoding');
    }
    // The Brotli form's tag does not stand for the plain file.
    expect((await request('/assets/app-abc123.js', { 'if-none-match': etag })).status).toBe(200);
    expect((await request('/logo.svg', { 'if-modified-since': modified })).status).toBe(304);
    const before = new Date(Date.parse(modified) - 60_000).toUTCString();
    expect((await request('/logo.svg', { 'if-modified-since': before })).status).toBe(200);
    // If-None-Match decides when both are sent.
    const both = await request('/logo.svg', { 'if-none-match': '"other"', 'if-modified-since': modified });
    expect(both.status).toBe(200);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await request('/logo.svg', {}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(LOGO.length));
    expect(await response.text()).toBe('');
  });

  it('sends one byte range of the plain file, 416 past its end, the whole file for several ranges or a stale If-Range', async () => {
    const part = await request('/assets/app-abc123.js', { range: 'bytes=7-11', 'accept-encoding': 'br' });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(SCRIPT.slice(7, 12));
    expect(part.headers.get('content-range')).toBe(`bytes 7-11/${SCRIPT.length}`);
    expect(part.headers.get('content-encoding')).toBeNull();
    const tail = await request('/logo.svg', { range: 'bytes=-6' });
    expect(await tail.text()).toBe(LOGO.slice(-6));
    const past = await request('/logo.svg', { range: `bytes=${LOGO.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${LOGO.length}`);
    const several = await request('/logo.svg', { range: 'bytes=0-1, 4-5' });
    expect(several.status).toBe(200);
    expect(await several.text()).toBe(LOGO);
    const stale = await request('/logo.svg', { range: 'bytes=0-1', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    const current = (await request('/logo.svg')).headers.get('etag')!;
    expect((await request('/logo.svg', { range: 'bytes=0-1', 'if-range': current })).status).toBe(206);
  });

  it('passes on what it does not keep: other paths and methods, pages, files over the size limit', async () => {
    for (const [path, method] of [
      ['/nothing.svg', 'GET'],
      ['/logo.svg', 'POST'],
      ['/index.html', 'GET'],
      ['/big.bin', 'GET'],
      ['/assets', 'GET'],
      ['/assets/app-abc123.js.br', 'GET'],
    ] as const) {
      const response = await request(path, {}, method);
      expect(await response.text(), `${method} ${path}`).toBe('fallback');
    }
  });

  it('serves a changed file outside the immutable folders once it changed, and passes on a deleted one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'static-files-change-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'robots.txt'), 'old');
      writeFileSync(path.join(dir, 'assets', 'app-1.js'), 'old');
      const changing = createStaticFiles({ root: dir, immutableFolders: ['assets'], recheckMs: 0 });
      const text = async (path: string) => (await app(changing).request(path)).text();
      expect(await text('/robots.txt')).toBe('old');
      expect(await text('/assets/app-1.js')).toBe('old');
      const later = new Date(Date.now() + 5_000);
      for (const file of ['robots.txt', 'assets/app-1.js']) {
        writeFileSync(path.join(dir, file), 'new!');
        utimesSync(path.join(dir, file), later, later);
      }
      await vi.waitFor(async () => expect(await text('/robots.txt')).toBe('new!'));
      // A hashed file's name changes with its content: the one in memory is never read again.
      expect(await text('/assets/app-1.js')).toBe('old');
      rmSync(path.join(dir, 'robots.txt'));
      await vi.waitFor(async () => expect(await text('/robots.txt')).toBe('fallback'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists the top-level files and folders as routes', () => {
    expect(files.routes.sort()).toEqual(['/assets/*', '/big.bin', '/index.html', '/logo.svg', '/robots.txt']);
  });
});

describe('answering on Node’s response, ahead of the app', () => {
  let server: Server;
  let base: string;
  const extra = ['x-content-type-options', 'nosniff', 'x-frame-options', 'DENY'];
  const fetchRaw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    });

  beforeAll(async () => {
    const onNode = createStaticFiles({ root, immutableFolders: ['assets'] });
    const viaApp = app(onNode);
    server = createServer(async (req, res) => {
      if (onNode.serveNode(req, res, extra)) return;
      // The app's answer, marked so the test sees which one answered.
      const response = await viaApp.request(req.url ?? '/', {
        headers: req.headers as Record<string, string>,
      });
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'x-answered-by': 'app' });
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('leaves a file’s first request to the app (which reads it), then answers it alike with the given headers and a request id', async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await fetchRaw('/assets/app-abc123.js', headers);
    expect(first.headers['x-answered-by']).toBe('app');
    const second = await fetchRaw('/assets/app-abc123.js', headers);
    expect(second.headers['x-answered-by']).toBeUndefined();
    expect(second.body.equals(first.body)).toBe(true);
    const { date: _date, 'x-answered-by': _by, ...fromApp } = first.headers;
    const { date: _date2, 'x-request-id': id, ...fromNode } = second.headers;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fromNode).toEqual({ ...fromApp, 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    const named = await fetchRaw('/assets/app-abc123.js', { ...headers, 'x-request-id': 'lb-42' });
    expect(named.headers['x-request-id']).toBe('lb-42');
    const notModified = await fetchRaw('/assets/app-abc123.js', {
      ...headers,
      'if-none-match': String(first.headers.etag),
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it('leaves everything else to the app', async () => {
    expect((await fetchRaw('/nothing')).headers['x-answered-by']).toBe('app');
    expect((await fetchRaw('/big.bin')).headers['x-answered-by']).toBe('app');
  });
});

describe('byteRange', () => {
  it('reads one range within the size', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual([0, 9]);
    expect(byteRange('bytes=90-200', 100)).toEqual([90, 99]);
    expect(byteRange('bytes=95-', 100)).toEqual([95, 99]);
    expect(byteRange('bytes=-10', 100)).toEqual([90, 99]);
    expect(byteRange('bytes=-500', 100)).toEqual([0, 99]);
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=5-2', 100)).toBeNull();
    expect(byteRange('bytes=0-1,3-4', 100)).toBeNull();
    expect(byteRange('items=0-1', 100)).toBeNull();
    expect(byteRange('bytes=-', 100)).toBeNull();
  });
});
