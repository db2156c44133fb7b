import { readFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db/client';
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

    it('says the shop is ready only once its server processes listen', async () => {
      const shop = await startShop(
        { NODE_ENV: 'production', DATABASE_URL: db.url, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
        { wait: false },
      );
      try {
        const deadline = Date.now() + 40_000;
        while (!shop.stdout().includes('Shop ready at') && Date.now() < deadline) {
          expect(shop.child.exitCode, shop.stderr()).toBeNull();
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // The moment the line is printed, the shop answers.
        const answer = await fetch(`http://127.0.0.1:${shop.port}/api/health`).then(
          (response) => response.status,
          (error: unknown) => String(error),
        );
        expect(answer).toBe(200);
        const lines = shop
          .stdout()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { msg: string; processes?: number });
        const ready = lines.findIndex((line) => line.msg.startsWith('Shop ready at'));
        expect(lines[ready]).toMatchObject({ processes: 2 });
        // Both server processes listened before it.
        expect(lines.slice(0, ready).filter((line) => line.msg === 'server process ready')).toHaveLength(2);
        expect(lines.filter((line) => line.msg.startsWith('Shop ready at'))).toHaveLength(1);
      } finally {
        await shop.stop();
      }
    });

    it('restarts dying server processes with back-off, and stops with one line when they keep dying at start', async () => {
      // The port is taken: every server process fails as it starts listening.
      const squatter = createServer();
      await new Promise<void>((resolve) => squatter.listen(0, '0.0.0.0', resolve));
      const { port } = squatter.address() as AddressInfo;
      try {
        const shop = await startShop(
          { NODE_ENV: 'production', DATABASE_URL: db.url, WEB_CONCURRENCY: '2', PORT: String(port) },
          { wait: false },
        );
        const started = Date.now();
        const code = await new Promise<number | null>((resolve) => {
          if (shop.child.exitCode !== null) resolve(shop.child.exitCode);
          else shop.child.once('exit', (exitCode) => resolve(exitCode));
        });
        const took = Date.now() - started;
        await shop.stop();
        expect(code).toBe(1);
        expect(shop.stderr()).toContain(
          'The server processes keep exiting before they listen (5 in a row): stopping. The reason is in the lines above.',
        );
        expect(shop.stderr()).toContain('EADDRINUSE');
        // Restarts wait 0.5, 1, 2 then 4 s: not one a second, not forever.
        const restarts = (shop.stdout().match(/exited before it listened; starting another/g) ?? []).length;
        expect(restarts).toBe(4);
        const delays = [...shop.stdout().matchAll(/"restartInMs":(\d+)/g)].map((match) => Number(match[1]));
        expect(delays).toEqual([500, 1000, 2000, 4000]);
        expect(took).toBeLessThan(40_000);
      } finally {
        squatter.close();
      }
    });
  });
});
