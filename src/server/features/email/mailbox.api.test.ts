import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { renderBrandEmail } from './layout';
import { queueEmail } from './outbox';
import { getStoreIdentity } from './store-identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('queued emails without SMTP and the development mailbox', () => {
  it('stores emails and lists them newest first, with html, text and links', async () => {
    const store = await getStoreIdentity(t.deps);
    const first = renderBrandEmail(store, {
      heading: 'First <one>',
      paragraphs: ['Hello & welcome'],
      button: { label: 'Open', url: 'http://localhost:3000/a?x=1&y=2' },
    });
    const send = (message: Parameters<typeof queueEmail>[2]) =>
      t.database.transaction((sql) => queueEmail(t.deps, sql, message));
    const a = await send({ to: 'box@example.ng', subject: 'One', kind: 'test', ...first });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send({
      to: 'box@example.ng',
      subject: 'Two',
      kind: 'test',
      html: '<p>2</p>',
      text: '2',
    });
    await send({
      to: 'other@example.ng',
      subject: 'Three',
      kind: 'test',
      html: '<p>3</p>',
      text: '3',
    });
    await t.jobsIdle();
    const [stored] = await t.database.sql.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM emails WHERE id = $1',
      [a.id],
    );
    expect(stored).toEqual({ status: 'stored', attempts: 1 });

    const response = await t.request('/api/dev/mailbox?to=BOX@example.ng');
    expect(response.status).toBe(200);
    const emails = (response.body as { emails: Array<Record<string, unknown>> }).emails;
    expect(emails.map((e) => e.subject)).toEqual(['Two', 'One']);
    expect(emails[1]).toMatchObject({
      to: 'box@example.ng',
      kind: 'test',
      status: 'stored',
      links: ['http://localhost:3000/a?x=1&y=2'],
    });
    expect(emails[1]!.html).toContain('First &lt;one&gt;');
    expect(emails[1]!.html).toContain('Hello &amp; welcome');
    expect(emails[1]!.html).toContain('href="http://localhost:3000/a?x=1&amp;y=2"');
    expect(emails[1]!.text).toContain('Open: http://localhost:3000/a?x=1&y=2');
    expect(emails[1]!.text).toContain('Naija Street');

    const all = await t.request('/api/dev/mailbox');
    expect((all.body as { emails: Array<{ subject: string }> }).emails[0]!.subject).toBe('Three');
  });

  it('puts the store name from the settings in the footer', async () => {
    await t.database.sql.query(
      `UPDATE settings SET value = value || '{"name":"Lagos Drip"}'::jsonb WHERE key = 'store'`,
    );
    const { html, text } = renderBrandEmail(await getStoreIdentity(t.deps), {
      heading: 'Hi',
      paragraphs: ['x'],
    });
    expect(html).toContain('Lagos Drip');
    expect(text).toContain('Lagos Drip');
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ng' });
    try {
      const response = await production.request('/api/dev/mailbox');
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
