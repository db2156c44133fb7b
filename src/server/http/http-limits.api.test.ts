import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { JSON_BODY_LIMIT_BYTES } from './body-limit';

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
