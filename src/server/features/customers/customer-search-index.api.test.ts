import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { queries } from '../../platform/db/queries';
import { matchesCustomerSearch } from './customers';

const ACCOUNTS = 20_000;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
  // Many dull accounts, and one with a rare name.
  await t.database.sql.query(
    `INSERT INTO users (email, first_name, last_name, created_at)
     SELECT 'shopper' || n || '@example.test',
            (ARRAY['Ada', 'Bola', 'Chidi', 'Dayo', 'Emeka', 'Funke'])[1 + n % 6],
            (ARRAY['Obi', 'Bello', 'Okafor', 'Adeyemi', 'Eze'])[1 + n % 5],
            now() - n * interval '1 minute'
     FROM generate_series(1, $1::int) AS n`,
    [ACCOUNTS],
  );
  await createUser(t, { firstName: 'Zainab', lastName: 'Quadri', email: 'zq@example.test' });
  // VACUUM moves the GIN index's pending list into the index proper, as autovacuum would have.
  await t.database.sql.exec('VACUUM ANALYZE users');
}, 120_000);
afterAll(() => t.close());

describe('customer search among many accounts', () => {
  it('finds the one customer through the endpoint, quickly', async () => {
    const started = performance.now();
    const response = await t.request('/api/admin/customers?search=quadri', { cookie: admin });
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    expect((response.body as { customers: { email: string }[] }).customers.map((c) => c.email)).toEqual([
      'zq@example.test',
    ]);
    expect(ms).toBeLessThan(2_000);
  });

  it('answers the match from the trigram index, not a scan of every account', async () => {
    const { sql: text, parameters } = queries(t.database.sql)
      .selectFrom('users as u')
      .select((eb) => eb.fn.countAll().as('total'))
      .where(matchesCustomerSearch('%quadri%'))
      .compile();
    const plan = await t.database.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, [...parameters]);
    const planText = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(planText).toContain('users_search_trgm_idx');
    expect(planText).not.toMatch(/Seq Scan on users/);
  });
});
