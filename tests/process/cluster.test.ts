import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createThrowawayDatabase } from './support/postgres';
import { startShop } from './support/shop-process';

async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text.trim() ? text.trim().split(/\s+/).map(Number) : [];
}

const alive = (pid: number) =>
  readFile(`/proc/${pid}/status`, 'utf8').then(
    (status) => !/State:\s+Z/.test(status),
    () => false,
  );

describe('WEB_CONCURRENCY', () => {
  it('refuses more than one process on the embedded database, with one clear line', async () => {
    await expect(startShop({ WEB_CONCURRENCY: '2' })).rejects.toThrow(
      /Invalid configuration: WEB_CONCURRENCY: more than one server process needs a PostgreSQL server \(DATABASE_URL\)/,
    );
  });

  describe('on PostgreSQL', () => {
    let db: { url: string; database: Database; drop: () => Promise<void> };
    beforeAll(async () => {
      db = await createThrowawayDatabase();
    });
    afterAll(() => db.drop());

    it('starts that many server processes on one port, and stops them all on SIGTERM', async () => {
      const shop = await startShop({ NODE_ENV: 'production', DATABASE_URL: db.url, WEB_CONCURRENCY: '2' });
      let workers: number[] = [];
      const deadline = Date.now() + 20_000;
      while (workers.length < 2 && Date.now() < deadline) {
        workers = await childrenOf(shop.pid);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(workers).toHaveLength(2);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`http://127.0.0.1:${shop.port}/api/health`).then((r) => r.status),
        ),
      );
      expect(answers.every((status) => status === 200)).toBe(true);

      expect(await shop.stop()).toBe(0);
      for (const pid of workers) expect(await alive(pid)).toBe(false);
    });
  });
});
