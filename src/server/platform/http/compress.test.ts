import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { compressResponses, pickEncoding } from './compress';

const big = {
  items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Lagos Graphic Tee ${i}`, size: 'M' })),
};

function app() {
  const hono = new Hono();
  hono.use(compressResponses());
  hono.get('/big', (c) => c.json(big, 200, { etag: '"v1"' }));
  hono.get('/small', (c) => c.json({ ok: true }));
  hono.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'image/webp' }));
  hono.get('/kept', (c) => c.json(big, 200, { 'cache-control': 'private, no-transform' }));
  hono.get('/live', (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ data: 'x'.repeat(4096) });
    }),
  );
  return hono;
}

describe('compressResponses', () => {
  it('sends a whole JSON body in Brotli or gzip, with its own length and Vary', async () => {
    for (const [accept, decode] of [
      ['gzip, deflate, br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await app().request('/big', { headers: { 'accept-encoding': accept } });
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get('content-encoding')).toBe(accept === 'gzip' ? 'gzip' : 'br');
      expect(response.headers.get('content-length')).toBe(String(bytes.length));
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('etag')).toBe('W/"v1"');
      expect(JSON.parse(decode(bytes).toString())).toEqual(big);
      expect(bytes.length).toBeLessThan(JSON.stringify(big).length / 3);
    }
  });

  it('leaves alone small bodies, clients that accept nothing, images, no-transform and streams', async () => {
    const small = await app().request('/small', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const plain = await app().request('/big', { headers: { 'accept-encoding': 'identity, br;q=0' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
    for (const path of ['/image', '/kept', '/live']) {
      const response = await app().request(path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers.get('content-encoding'), path).toBeNull();
      expect((await response.arrayBuffer()).byteLength, path).toBeGreaterThan(1024);
    }
  });

  it('decides from the headers without looking at the body of an answer it leaves alone', async () => {
    // Looking at a body makes the HTTP adapter stream an answer it would otherwise write at once.
    let looked = 0;
    const watched = (response: Response) => {
      const body = response.body;
      Object.defineProperty(response, 'body', {
        get: () => {
          looked += 1;
          return body;
        },
      });
      return response;
    };
    const hono = new Hono();
    hono.use(compressResponses());
    hono.get('/json', (c) => watched(c.json(big)));
    hono.get('/image', (c) => watched(c.body(new Uint8Array(4096), 200, { 'content-type': 'image/webp' })));
    for (const [path, headers] of [
      ['/json', {}],
      ['/image', { 'accept-encoding': 'br' }],
    ] as const) {
      const response = await hono.request(path, { headers });
      expect(response.headers.get('content-encoding'), path).toBeNull();
      expect(looked, path).toBe(0);
    }
  });

  it('picks Brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
