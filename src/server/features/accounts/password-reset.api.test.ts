import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, lastEmailTo } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { Database, SqlRunner } from '../../platform/db/client';

// The workers start only after the requests were measured, so nothing but the request itself
// talks to the database while it is being watched.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false });
});
afterAll(() => t.close());

type Statement = { sql: string; params: number };

/**
 * Every statement the database receives while `action` runs: the SQL text (whitespace folded)
 * and how many parameters it had. Watches the one Database object the app uses, without changing
 * what it does.
 */
async function statementsOf(database: Database, action: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const watch = (runner: SqlRunner): SqlRunner => ({
    exec: (text) => {
      seen.push({ sql: text.replace(/\s+/g, ' ').trim(), params: 0 });
      return runner.exec(text);
    },
    query: (text, params) => {
      seen.push({ sql: text.replace(/\s+/g, ' ').trim(), params: params?.length ?? 0 });
      return runner.query(text, params);
    },
  });
  const original = { sql: database.sql, transaction: database.transaction };
  database.sql = watch(original.sql);
  database.transaction = <T>(fn: (sql: SqlRunner) => Promise<T>) =>
    original.transaction.call<Database, [(sql: SqlRunner) => Promise<T>], Promise<T>>(database, (tx) =>
      fn(watch(tx)),
    );
  try {
    await action();
  } finally {
    database.sql = original.sql;
    database.transaction = original.transaction;
  }
  return seen;
}

const forgot = (email: string) => t.request('/api/auth/forgot-password', { method: 'POST', json: { email } });

describe('forgot password', () => {
  it('does the same work whether or not the address has an account', async () => {
    const user = await createUser(t);
    let known: Awaited<ReturnType<typeof forgot>> | undefined;
    let unknown: Awaited<ReturnType<typeof forgot>> | undefined;
    const forKnown = await statementsOf(t.database, async () => {
      known = await forgot(user.email);
    });
    const forUnknown = await statementsOf(t.database, async () => {
      unknown = await forgot('nobody-at-all@example.test');
    });

    expect(known!.status).toBe(200);
    expect(unknown!.body).toEqual(known!.body);
    // The attempt is counted (per address and per IP) and one job is enqueued: nothing else, and
    // nothing that reads the account, its tokens or its emails.
    expect(forKnown.length).toBeGreaterThan(0);
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.filter((s) => /\bINSERT INTO pgboss\.job\b/i.test(s.sql))).toHaveLength(1);
    for (const statement of forKnown) expect(statement.sql).not.toMatch(/\b(users|verifications|emails)\b/);

    // The job does the rest: a reset email for the account, nothing for the unknown address.
    await t.startJobs();
    const email = await lastEmailTo(t, user.email, 'password_reset');
    expect(email!.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password#token=[A-Za-z0-9_-]+$/);
    expect(await lastEmailTo(t, 'nobody-at-all@example.test')).toBeUndefined();
  });
});
