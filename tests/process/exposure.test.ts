import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkAddress, type ShopProcess, startShop } from './support/shop-process';

describe('a shop started with no configuration', () => {
  let shop: ShopProcess;
  beforeAll(async () => {
    shop = await startShop({ NODE_ENV: 'development' });
  });
  afterAll(() => shop.stop());

  it('listens on loopback only: the network cannot reach it at all', async () => {
    const address = await networkAddress();
    await expect(fetch(`http://${address}:${shop.port}/api/health`)).rejects.toThrow();
    const local = await fetch(`http://127.0.0.1:${shop.port}/api/dev/mailbox`);
    expect(local.status).toBe(200);
    expect(shop.stderr()).not.toMatch(/WARNING/);
  });

  it('keeps an idle connection open longer than a load balancer keeps its own', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(
          { host: '127.0.0.1', port: shop.port, path: '/api/health', agent },
          (response) => {
            sockets.add(request.socket);
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
      });
    try {
      expect(await get()).toBe(200);
      // Past Node's default of 5 s: the connection must still be the same, open one.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toBe(200);
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});

describe('a development shop told to listen on every interface', () => {
  let shop: ShopProcess;
  beforeAll(async () => {
    shop = await startShop({ NODE_ENV: 'development', HOST: '0.0.0.0' });
  });
  afterAll(() => shop.stop());

  it('says so loudly at start-up', () => {
    expect(shop.stderr()).toMatch(/WARNING: the shop is listening on every network interface/);
  });

  it('keeps the mailbox and the payment simulator from the network', async () => {
    const address = await networkAddress();
    expect((await fetch(`http://${address}:${shop.port}/api/health`)).status).toBe(200);
    for (const path of ['/api/dev/mailbox', '/dev/mailbox', '/simulator/paystack/pay/abc']) {
      const response = await fetch(`http://${address}:${shop.port}${path}`);
      expect(response.status, path).toBe(404);
    }
    expect((await fetch(`http://127.0.0.1:${shop.port}/api/dev/mailbox`)).status).toBe(200);
  });
});

/**
 * POSTs `totalBytes` to the shop in chunks, without Content-Length. Resolves with the status, or
 * 'closed' when the shop closed the connection before the client could read its answer (it
 * answers 413 and closes at once; a client still writing may see the reset first).
 */
function upload(port: number, path: string, totalBytes: number): Promise<number | 'closed'> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve('closed') : reject(error),
    );
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    let sent = 0;
    const write = () => {
      while (sent < totalBytes) {
        sent += chunk.byteLength;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

describe('large bodies against a real process', () => {
  let shop: ShopProcess;
  beforeAll(async () => {
    shop = await startShop({ NODE_ENV: 'production' });
  });
  afterAll(() => shop.stop());

  it('refuses a huge declared body at once', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: shop.port,
          path: '/api/auth/register',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(500 * 1024 * 1024) },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' ? undefined : reject(error),
      );
      request.write('{"email":');
    });
    expect(status).toBe(413);
  });

  it('keeps its memory while several clients stream hundreds of megabytes', async () => {
    const before = await shop.rssMiB();
    const statuses = await Promise.all(
      ['/api/auth/sign-in', '/api/auth/register', '/api/cart/items', '/api/payments/webhook'].map((path) =>
        upload(shop.port, path, 200 * 1024 * 1024),
      ),
    );
    for (const status of statuses) expect([413, 'closed']).toContain(status);
    const after = await shop.rssMiB();
    // Four 200 MB bodies read whole would add 800 MB; refused at 64 KiB they add next to nothing.
    expect(after - before).toBeLessThan(60);
    expect((await fetch(`http://127.0.0.1:${shop.port}/api/health`)).status).toBe(200);
  });
});
