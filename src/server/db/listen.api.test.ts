import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../tests/setup/live-stream';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { announce, CHANGES_CHANNEL, type Change } from './announce';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (id: string): Change => ({ table: 'orders', id, userId: null, action: 'test' });

function collector() {
  const payloads: Change[] = [];
  let gaps = 0;
  return {
    payloads,
    gaps: () => gaps,
    listener: {
      onNotify: (payload: string) => payloads.push(JSON.parse(payload) as Change),
      onGap: () => {
        gaps += 1;
      },
    },
  };
}

describe(`Database.listen (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('hands every committed announcement to every subscriber, and a rolled-back one to none', async () => {
    const first = collector();
    const second = collector();
    const stopFirst = await t.database.listen(CHANGES_CHANNEL, first.listener);
    const stopSecond = await t.database.listen(CHANGES_CHANNEL, second.listener);
    expect(t.database.listeners).toBe(2);
    const committed = randomUUID();
    const rolledBack = randomUUID();
    await t.database.transaction((sql) => announce(sql, change(committed)));
    await expect(
      t.database.transaction(async (sql) => {
        await announce(sql, change(rolledBack));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const after = randomUUID();
    await t.database.transaction((sql) => announce(sql, change(after)));

    await eventually(() => second.payloads.some((payload) => payload.id === after), 2_000, 'delivery');
    for (const { payloads } of [first, second]) {
      const ids = payloads.map((payload) => payload.id);
      expect(ids).toContain(committed);
      expect(ids).not.toContain(rolledBack);
    }

    await stopFirst();
    await stopFirst();
    expect(t.database.listeners).toBe(1);
    const last = randomUUID();
    await t.database.transaction((sql) => announce(sql, change(last)));
    await eventually(() => second.payloads.some((payload) => payload.id === last), 2_000, 'delivery');
    expect(first.payloads.map((payload) => payload.id)).not.toContain(last);
    await stopSecond();
    expect(t.database.listeners).toBe(0);
  });

  // PostgreSQL only: on PGlite the database lives in this process and there is no connection to lose.
  if (process.env.TEST_DATABASE_URL) {
    it('keeps one LISTEN connection per process, and comes back after it is cut, reporting the gap', async () => {
      const subscribers = [collector(), collector(), collector()];
      const stops = await Promise.all(
        subscribers.map((subscriber) => t.database.listen(CHANGES_CHANNEL, subscriber.listener)),
      );
      const listening = async () =>
        t.database.sql.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'shop-listen'`,
        );
      expect(await listening()).toHaveLength(1);

      // What a server restart or failover does to the connection.
      const [{ pid }] = (await listening()) as [{ pid: number }];
      await t.database.sql.query('SELECT pg_terminate_backend($1)', [pid]);
      await eventually(
        () => subscribers.every((subscriber) => subscriber.gaps() === 1),
        5_000,
        'gap reported',
      );
      expect(await listening()).toHaveLength(1);

      const id = randomUUID();
      await t.database.transaction((sql) => announce(sql, change(id)));
      await eventually(
        () => subscribers.every((subscriber) => subscriber.payloads.some((payload) => payload.id === id)),
        2_000,
        'delivery after reconnecting',
      );
      for (const stop of stops) await stop();
    });
  }
});
