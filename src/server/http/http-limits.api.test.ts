import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '#shared/schemas/images';
import { createSignedInUser } from '../../../tests/factories/accounts';
import { createProduct } from '../../../tests/factories/catalog';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { JSON_BODY_LIMIT_BYTES, UPLOAD_LIMITS } from './body-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const origin = 'http://localhost:3000';

/** A body that arrives in chunks with no Content-Length, as a streaming client sends it. */
function streamed(totalBytes: number, onPull: () => void): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(16 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      onPull();
      if (sent >= totalBytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

describe('request body limits', () => {
  it('refuses a declared body over the JSON limit before reading it', async () => {
    const body = JSON.stringify({ email: 'a@example.ng', password: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    const response = await t.app.request(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'That request is too large.' },
    });
  });

  it('stops reading a streamed body at the limit', async () => {
    let pulls = 0;
    const response = await t.app.request(`${origin}/api/cart/items`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: streamed(100 * 1024 * 1024, () => pulls++),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    // 64 KiB in 16 KiB chunks: a handful of reads, not the 6,400 of the whole body.
    expect(pulls).toBeLessThan(10);
  });

  it('lets a body within the limit through to the route', async () => {
    const response = await t.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: 'nobody@example.ng', password: 'not-the-password' },
    });
    expect(response.status).toBe(401);
  });
});

type RawAnswer = { status: number; body: string } | 'no answer' | 'closed';

/**
 * A POST over a real socket whose body is streamed (chunked, no Content-Length), the way a client
 * uploading a large file sends it. The body is `prefix`, then `padding` bytes, then `suffix`, in
 * 16 KiB chunks; with `end: false` its last chunk is never sent, so the body never ends. Sending
 * stops as soon as an answer arrives. Resolves with the answer and how much of the body had been
 * sent by then; 'no answer' if none came within `waitMs` of the last byte sent.
 */
async function streamOverSocket(
  port: number,
  path: string,
  options: {
    headers: Record<string, string>;
    padding: number;
    prefix?: string;
    suffix?: string;
    end: boolean;
    waitMs?: number;
  },
): Promise<{ answer: RawAnswer; sent: number }> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  let answered = false;
  const answer = new Promise<RawAnswer>((resolve) => {
    socket.on('data', (data) => {
      received += data.toString('latin1');
      const split = received.indexOf('\r\n\r\n');
      if (split === -1) return;
      const head = received.slice(0, split);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      const body = received.slice(split + 4);
      if (body.length < length) return;
      answered = true;
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body });
    });
    socket.on('close', () => {
      answered = true;
      resolve('closed');
    });
  });
  // The server may close while we are still writing: that is an answer too.
  socket.on('error', () => {});
  const head = Object.entries({
    host: `127.0.0.1:${port}`,
    'transfer-encoding': 'chunked',
    ...options.headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
  const sendChunk = (data: Buffer) =>
    socket.write(`${data.length.toString(16)}\r\n${data.toString('latin1')}\r\n`, 'latin1');
  let sent = 0;
  const parts = [
    Buffer.from(options.prefix ?? ''),
    ...Array.from({ length: Math.ceil(options.padding / (16 * 1024)) }, () => Buffer.alloc(16 * 1024, 0x61)),
    Buffer.from(options.suffix ?? ''),
  ].filter((part) => part.length > 0);
  for (const part of parts) {
    if (answered || socket.destroyed) break;
    sent += part.length;
    if (!sendChunk(part)) await Promise.race([once(socket, 'drain'), answer]);
  }
  if (options.end && !answered) socket.write('0\r\n\r\n');
  const result = await Promise.race([
    answer,
    new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), options.waitMs ?? 5_000)),
  ]);
  socket.destroy();
  return { answer: result, sent };
}

describe('an upload from someone who may not upload', () => {
  let port: number;
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const uploadLimit = UPLOAD_LIMITS[0]!.bytes;
  const imagesPath = (productId: string) => `/api/admin/products/${productId}/images`;
  const multipart = { 'content-type': 'multipart/form-data; boundary=b', origin };

  it('is refused while the body is still arriving: a guest’s or a shopper’s body is never read', async () => {
    const product = await createProduct(t);
    const shopper = await createSignedInUser(t);
    // A megabyte (sixteen times the JSON limit, an eighth of the upload limit) whose end never
    // comes: a server reading the body before the access check would still be waiting for it.
    const megabyte = { padding: 1024 * 1024, end: false };
    const guest = await streamOverSocket(port, imagesPath(product.id), { headers: multipart, ...megabyte });
    expect(guest.answer).toEqual({
      status: 401,
      body: JSON.stringify({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } }),
    });
    const asShopper = await streamOverSocket(port, imagesPath(product.id), {
      headers: { ...multipart, cookie: shopper.cookie },
      ...megabyte,
    });
    expect(asShopper.answer).toEqual({
      status: 403,
      body: JSON.stringify({
        error: { code: 'forbidden', message: 'Access denied. Admin privileges required.' },
      }),
    });
  });

  it('an admin’s streamed upload is read to the upload limit, not the JSON limit, and refused past it', async () => {
    const product = await createProduct(t);
    const admin = await createSignedInUser(t, { role: 'admin' });
    const headers = { ...multipart, cookie: admin.cookie };
    // A whole form with one megabyte "photo" that is not an image: read past 64 KiB, checked as an image.
    const within = await streamOverSocket(port, imagesPath(product.id), {
      headers,
      prefix:
        '--b\r\ncontent-disposition: form-data; name="files"; filename="big.jpg"\r\ncontent-type: image/jpeg\r\n\r\n',
      padding: 1024 * 1024,
      suffix: '\r\n--b--\r\n',
      end: true,
    });
    expect(within.answer).toMatchObject({ status: 400 });
    expect(JSON.parse((within.answer as { body: string }).body)).toMatchObject({
      error: { code: 'invalid_image', message: IMAGE_MESSAGES.notAnImage },
    });
    // Past the upload limit: refused (the shop closes the connection, which the sender may see first).
    const over = await streamOverSocket(port, imagesPath(product.id), {
      headers,
      padding: uploadLimit + 1024 * 1024,
      end: false,
    });
    if (over.answer !== 'closed') {
      expect(over.answer).toEqual({
        status: 413,
        body: JSON.stringify({ error: { code: 'payload_too_large', message: IMAGE_MESSAGES.tooLarge } }),
      });
    }
    expect(over.sent).toBeGreaterThan(uploadLimit);
  });
});

describe('development conveniences answer only to this machine', () => {
  const fromAddress = (remoteAddress: string, headers: Record<string, string> = {}) => ({
    headers,
    env: { incoming: { socket: { remoteAddress } } },
  });
  const get = (path: string, from: ReturnType<typeof fromAddress>) =>
    t.app.request(`${origin}${path}`, { headers: from.headers }, from.env as never);

  it('refuses the mailbox and the simulator to another machine', async () => {
    for (const path of ['/api/dev/mailbox', '/simulator/paystack/pay/abc']) {
      const response = await get(path, fromAddress('192.0.2.50'));
      expect(response.status, path).toBe(404);
    }
  });

  it('refuses them when a proxy relayed the request, even over loopback', async () => {
    const response = await get(
      '/api/dev/mailbox',
      fromAddress('127.0.0.1', { 'x-forwarded-for': '1.2.3.4' }),
    );
    expect(response.status).toBe(404);
  });

  it('answers a browser on this machine, over IPv4 and IPv6', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await get('/api/dev/mailbox', fromAddress(address));
      expect(response.status, address).toBe(200);
    }
  });
});
