import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../../tests/setup/live-stream';
import { databaseUrl } from '../../../../tests/setup/postgres';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { announce, CHANGES_CHANNEL, type Change } from './announce';
import { createPostgresListener } from './listen';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A TCP relay to the PostgreSQL server that can go silent: `freeze()` stops forwarding on the
 * connections open at that moment without closing them, as a vanished server or NAT box leaves
 * them (no FIN, no RST). Connections made afterwards are relayed normally.
 */
async function startRelay(target: { host: string; port: number }) {
  const pairs: Array<[Socket, Socket]> = [];
  const frozen: Socket[] = [];
  const server = createServer((incoming) => {
    const outgoing = connect(target.port, target.host);
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
    const drop = () => {
      incoming.destroy();
      outgoing.destroy();
    };
    incoming.on('error', drop);
    outgoing.on('error', drop);
    pairs.push([incoming, outgoing]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze() {
      for (const [incoming, outgoing] of pairs.splice(0)) {
        incoming.unpipe(outgoing);
        outgoing.unpipe(incoming);
        incoming.pause();
        outgoing.pause();
        frozen.push(incoming, outgoing);
      }
    },
    async close() {
      for (const socket of [...frozen.splice(0), ...pairs.flat()]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
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

    it('notices a connection that went silent without closing, reconnects and reports the gap', async () => {
      const [{ name }] = (await t.database.sql.query<{ name: string }>(
        'SELECT current_database() AS name',
      )) as [{ name: string }];
      const direct = new URL(databaseUrl(process.env.TEST_DATABASE_URL!, name));
      const relay = await startRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
      const through = new URL(direct);
      through.hostname = '127.0.0.1';
      through.port = String(relay.port);
      // Checked every 200 ms here; every 10 s in the shop.
      const listener = createPostgresListener(through.toString(), { checkEveryMs: 200, timeoutMs: 300 });
      try {
        const subscribers = [collector(), collector()];
        for (const subscriber of subscribers) await listener.listen(CHANGES_CHANNEL, subscriber.listener);
        const heard = (id: string) =>
          subscribers.every((subscriber) => subscriber.payloads.some((payload) => payload.id === id));

        const before = randomUUID();
        await t.database.transaction((sql) => announce(sql, change(before)));
        await eventually(() => heard(before), 2_000, 'delivery through the relay');

        relay.freeze();
        const frozenAt = Date.now();
        await eventually(
          () => subscribers.every((subscriber) => subscriber.gaps() === 1),
          3_000,
          'the gap reported after the connection went silent',
        );
        // Noticed within a check and its timeout, plus the reconnection.
        expect(Date.now() - frozenAt).toBeLessThan(2_000);

        const after = randomUUID();
        await t.database.transaction((sql) => announce(sql, change(after)));
        await eventually(() => heard(after), 2_000, 'delivery on the new connection');
      } finally {
        await relay.close();
        await listener.close();
      }
    });
  }
});
