import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyLimits, JSON_BODY_LIMIT_BYTES } from './body-limit';

describe('bodyLimits', () => {
  it('never looks for the body of a GET or HEAD (the HTTP adapter would build the whole request for it)', async () => {
    const hono = new Hono();
    hono.use(bodyLimits());
    hono.on(['GET', 'HEAD'], '/read', (c) => c.text('read'));
    for (const method of ['GET', 'HEAD']) {
      let looked = 0;
      const request = new Request('http://shop.test/read', { method });
      Object.defineProperty(request, 'body', {
        get: () => {
          looked += 1;
          return null;
        },
      });
      const response = await hono.request(request);
      expect(response.status, method).toBe(200);
      expect(looked, method).toBe(0);
    }
  });

  it('still refuses a larger body on other methods', async () => {
    const hono = new Hono();
    hono.use(bodyLimits());
    hono.post('/write', (c) => c.text('written'));
    const body = 'x'.repeat(JSON_BODY_LIMIT_BYTES + 1);
    const response = await hono.request('/write', { method: 'POST', body });
    expect(response.status).toBe(413);
  });
});
