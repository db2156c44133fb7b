import { once } from 'node:events';
import { type AddressInfo, createConnection, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turns';

describe('createTurnQueue', () => {
  it('runs a few tasks per turn of the event loop, in order, and reads what arrived in between', async () => {
    // A socket pair on loopback: what one end writes is read by the other in the next poll, as a
    // database's reply to an order is.
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = createConnection((server.address() as AddressInfo).port, '127.0.0.1');
    const [peer] = (await once(server, 'connection')) as [Socket];
    const log: string[] = [];
    const queue = createTurnQueue(10);
    const done = new Promise<void>((resolve) => {
      let first = true;
      peer.on('data', () => {
        if (!first) {
          log.push('reply read');
          return;
        }
        first = false;
        // From the poll phase, as a crowd's requests arrive: a reply is sent, then 25 answers are
        // queued behind it.
        client.write('reply');
        for (let index = 0; index < 25; index += 1) {
          queue.run(() => {
            log.push(`task ${index}`);
            if (index === 24) resolve();
          });
        }
        expect(queue.waiting).toBe(25);
      });
    });
    client.write('crowd');
    try {
      await done;
      const tasks = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, offset) => `task ${from + offset}`);
      expect(log).toEqual([...tasks(0, 10), 'reply read', ...tasks(10, 25)]);
      expect(queue.waiting).toBe(0);
    } finally {
      client.destroy();
      peer.destroy();
      server.close();
    }
  });

  it('gives every turn its own share: a task queued by a task runs in a later turn', async () => {
    const queue = createTurnQueue(2);
    const turns: number[] = [];
    let turn = 0;
    const countTurns = () => {
      turn += 1;
      if (queue.waiting > 0 || turn < 2) setImmediate(countTurns);
    };
    await new Promise<void>((resolve) => {
      queue.run(() => {
        turns.push(turn);
        queue.run(() => {
          turns.push(turn);
          resolve();
        });
      });
      setImmediate(countTurns);
    });
    expect(turns).toEqual([0, 1]);
  });

  it('refuses a share that is not a positive whole number', () => {
    expect(() => createTurnQueue(0)).toThrow(/positive integer/);
    expect(() => createTurnQueue(1.5)).toThrow(/positive integer/);
  });
});
