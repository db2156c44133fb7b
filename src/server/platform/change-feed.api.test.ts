import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/setup/test-app';
import { type ChangeSubscriber, createChangeFeed } from './change-feed';
import { announce, type Change } from './db/announce';
import type { Database } from './db/client';
import { createLogger } from './logger';

/**
 * A cache that follows changes (pages, listing totals) subscribes as the process starts, when the
 * database may not answer yet: it keeps trying instead of failing, and the process never dies of it.
 */
describe('following the changes', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const logger = createLogger('silent');

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  /** The database, its first `failures` LISTENs refused as a database that does not answer yet. */
  const refusingFirst = (failures: number): Database & { attempts: () => number } => {
    let attempts = 0;
    return Object.assign(Object.create(database) as Database, {
      listen: (...args: Parameters<Database['listen']>) => {
        attempts += 1;
        return attempts <= failures
          ? Promise.reject(new Error('Connection terminated'))
          : database.listen(...args);
      },
      attempts: () => attempts,
    });
  };

  const collecting = () => {
    const heard: Change[] = [];
    const subscriber: ChangeSubscriber = { change: (change) => heard.push(change), gap() {}, close() {} };
    return { heard, subscriber };
  };

  it('listens once the database answers, and then hears what is committed', async () => {
    const flaky = refusingFirst(2);
    const feed = createChangeFeed(flaky, logger);
    const { heard, subscriber } = collecting();
    await expect(feed.follow(subscriber)).resolves.toBe(true);
    expect(flaky.attempts()).toBe(3);
    const id = crypto.randomUUID();
    await database.transaction((sql) =>
      announce(sql, { table: 'products', id, productId: id, userId: null, action: 'updated' }),
    );
    await expect.poll(() => heard.map((change) => change.id)).toContain(id);
    feed.close();
  });

  it('gives up, without failing, when the process shuts down first', async () => {
    const feed = createChangeFeed(refusingFirst(Number.POSITIVE_INFINITY), logger);
    const following = feed.follow(collecting().subscriber);
    feed.close();
    await expect(following).resolves.toBe(false);
  });
});
