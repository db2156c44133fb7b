import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/setup/test-app';
import {
  CONNECTIONS_KEPT_FOR_READS,
  createGate,
  type Database,
  PROVISIONAL_LOCK_TIMEOUT_MS,
  READ_CONNECTIONS,
  READ_LOCK_TIMEOUT_MS,
} from './client';

describe('createGate', () => {
  it('lets a limited number run at once and the rest in the order they came', async () => {
    const gate = createGate(2);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) =>
      gate.run(async () => {
        order.push(`start ${name}`);
        await new Promise<void>((resolve) => releases.push(resolve));
        order.push(`end ${name}`);
      });
    const all = [task('a'), task('b'), task('c'), task('d')];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['start a', 'start b']);
    expect(gate.waiting).toBe(2);
    releases[0]!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['start a', 'start b', 'end a', 'start c']);
    releases[1]!();
    releases[2]!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    releases[3]!();
    await Promise.all(all);
    expect(order.filter((line) => line.startsWith('start'))).toEqual([
      'start a',
      'start b',
      'start c',
      'start d',
    ]);
  });

  it('frees the slot when the work fails', async () => {
    const gate = createGate(1);
    await expect(gate.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.sql.exec('CREATE TABLE hot_row (id int PRIMARY KEY, units int NOT NULL)');
    await database.sql.exec('INSERT INTO hot_row VALUES (1, 50)');
    await database.sql.exec('CREATE TABLE held_units (id int PRIMARY KEY, units int NOT NULL)');
    await database.sql.exec('INSERT INTO held_units VALUES (1, 60), (2, 60)');
  });
  afterAll(() => drop());

  it('keeps connections for single statements while transactions queue on one row lock', async () => {
    // One transaction holds the row; many more queue behind it, as buyers of a drop's last units do.
    let releaseHolder = () => {};
    const holding = new Promise<void>((resolve) => (releaseHolder = resolve));
    const holder = database.transaction(async (sql) => {
      await sql.query('UPDATE hot_row SET units = units - 1 WHERE id = 1');
      await holding;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const buyers = Array.from({ length: 30 }, () =>
      database.transaction((sql) => sql.query('UPDATE hot_row SET units = units - 1 WHERE id = 1')),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A page's read still gets a connection at once.
    const started = performance.now();
    const [row] = await database.sql.query<{ units: number }>('SELECT units FROM hot_row WHERE id = 1');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(row!.units).toBe(50);
    expect(CONNECTIONS_KEPT_FOR_READS).toBeGreaterThan(0);
    releaseHolder();
    await holder;
    await Promise.all(buyers);
    const [after] = await database.sql.query<{ units: number }>('SELECT units FROM hot_row WHERE id = 1');
    expect(after!.units).toBe(19);
  });

  it('prepares each statement with parameters once per connection, except LIKE patterns', async () => {
    const prepared = await database.transaction(async (sql) => {
      for (let run = 0; run < 3; run += 1) {
        await sql.query('SELECT units FROM hot_row WHERE id = $1', [1]);
        await sql.query('SELECT units FROM hot_row WHERE units::text LIKE $1', ['%1%']);
      }
      return sql.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
    });
    const texts = prepared.map((row) => row.statement);
    expect(texts).toContain('SELECT units FROM hot_row WHERE id = $1');
    expect(texts.filter((text) => text.includes('hot_row'))).toHaveLength(1);
  });

  it('answers reads beside a pool whose every connection waits for a row lock', async () => {
    const holder = await holdInTransaction(database, 'UPDATE hot_row SET units = units - 1 WHERE id = 1');
    // Transactions and single statements waiting on the held row take every pooled connection
    // (the holder's and nine more, in the order asked: five statements, four transactions); two
    // transactions and a statement queue for one.
    const waiting = Array.from({ length: 12 }, (_, n) =>
      n % 2
        ? database.transaction((sql) => sql.query('UPDATE hot_row SET units = units - 1 WHERE id = 1'))
        : database.sql.query('UPDATE hot_row SET units = units - 1 WHERE id = 1'),
    );
    try {
      await until(async () => (await lockWaits(database)) === 9);
      const [row] = await database.reads.query<{ units: number }>(
        'SELECT units FROM hot_row WHERE id = $1',
        [1],
      );
      expect(row!.units).toBeGreaterThan(0);
    } finally {
      await holder.release();
      await Promise.all(waiting);
    }
  });

  it('answers reads sent together each with its own rows, a failed statement failing alone', async () => {
    const failing = new Set([7, 57, 107]);
    const answers = await Promise.allSettled(
      Array.from({ length: 150 }, (_, n) =>
        failing.has(n)
          ? database.reads.query('SELECT 1 / ($1::int - $1::int) AS n', [n])
          : database.reads.query<{ n: number }>('SELECT $1::int AS n, pg_backend_pid() AS pid', [n]),
      ),
    );
    const pids = new Set<number>();
    for (const [n, answer] of answers.entries()) {
      if (failing.has(n)) {
        expect(answer).toMatchObject({ status: 'rejected', reason: { message: 'division by zero' } });
      } else {
        expect(answer.status).toBe('fulfilled');
        const [row] = (answer as PromiseFulfilledResult<{ n: number; pid: number }[]>).value;
        expect(row!.n).toBe(n);
        pids.add(row!.pid);
      }
    }
    // On the read connections alone, at most as many as there are.
    expect(pids.size).toBeGreaterThan(0);
    expect(pids.size).toBeLessThanOrEqual(READ_CONNECTIONS);
  });

  it("sends a read that waits for a table's lock to the pool, so the reads behind it go on", async () => {
    // As a migration altering the table would.
    const migration = await holdInTransaction(database, 'LOCK TABLE hot_row IN ACCESS EXCLUSIVE MODE');
    try {
      const waiting = database.reads.query<{ units: number }>('SELECT units FROM hot_row WHERE id = $1', [1]);
      // Sent after it on the same connection: answered once the first has given up its place.
      const [behind] = await database.reads.query<{ one: number }>('SELECT $1::int AS one', [1]);
      expect(behind!.one).toBe(1);
      // The first is still waiting, on the pool now: answered once the table is free.
      await until(async () => (await lockWaits(database)) === 1);
      await migration.release();
      const [row] = await waiting;
      expect(row!.units).toBeGreaterThan(0);
    } finally {
      await migration.release();
    }
    expect(READ_LOCK_TIMEOUT_MS).toBeLessThan(1_000);
  });

  it('takes provisional statements one after another on a connection of their own, each committed at once without waiting for the disk', async () => {
    const [read] = await database.reads.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // Fifty takers of one row's last forty units, all asked at once.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        database.provisional.query<{ units: number; pid: number; durability: string }>(
          `UPDATE held_units SET units = units - 1 WHERE id = 1 AND units > 20
           RETURNING units, pg_backend_pid() AS pid, current_setting('synchronous_commit') AS durability`,
        ),
      ),
    );
    const taken = answers.flat();
    expect(taken).toHaveLength(40);
    // In the order asked, one process: 59, 58, … 20.
    expect(taken.map((row) => row.units)).toEqual(Array.from({ length: 40 }, (_, n) => 59 - n));
    expect(new Set(taken.map((row) => row.pid)).size).toBe(1);
    expect(taken[0]!.pid).not.toBe(read!.pid);
    expect(new Set(taken.map((row) => row.durability))).toEqual(new Set(['off']));
    // Committed: another connection sees them.
    const [row] = await database.sql.query<{ units: number }>('SELECT units FROM held_units WHERE id = 1');
    expect(row!.units).toBe(20);
  });

  it('sends a provisional statement that waits for a row lock to the pool, so those behind it go on', async () => {
    const transaction = await holdInTransaction(database, 'UPDATE held_units SET units = units WHERE id = 2');
    try {
      const waiting = database.provisional.query<{ units: number }>(
        'UPDATE held_units SET units = units - 1 WHERE id = 2 RETURNING units',
      );
      // Sent after it on the same connection: answered once the first has given up its place.
      const [behind] = await database.provisional.query<{ units: number }>(
        'UPDATE held_units SET units = units - 1 WHERE id = 1 RETURNING units',
      );
      expect(behind!.units).toBe(19);
      // The first waits on the pool now; the statement given up changed nothing.
      await until(async () => (await lockWaits(database)) === 1);
      await transaction.release();
      const [row] = await waiting;
      expect(row!.units).toBe(59);
    } finally {
      await transaction.release();
    }
    expect(PROVISIONAL_LOCK_TIMEOUT_MS).toBeLessThan(READ_LOCK_TIMEOUT_MS);
  });

  it('opens a read connection again once the server has closed it', async () => {
    const before = await database.reads.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = before[0]!.pid;
    await database.sql.query('SELECT pg_terminate_backend($1)', [pid]);
    // Reads sent before the client hears of the close fail, as a pooled statement would; then a
    // new connection answers.
    const after = await until(async () => {
      try {
        const [row] = await database.reads.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        return row!.pid !== pid ? row!.pid : null;
      } catch {
        return null;
      }
    });
    expect(after).not.toBe(pid);
  });
});

/**
 * Runs `statement` in a transaction left open, and resolves once it has run (its locks held);
 * `release()` lets the transaction commit and waits for it (again: waits for the same commit).
 */
async function holdInTransaction(
  database: Database,
  statement: string,
): Promise<{ release(): Promise<void> }> {
  let release = () => {};
  const releasing = new Promise<void>((resolve) => (release = resolve));
  let held = () => {};
  const holding = new Promise<void>((resolve) => (held = resolve));
  const transaction = database.transaction(async (sql) => {
    await sql.query(statement);
    held();
    await releasing;
  });
  await Promise.race([holding, transaction]);
  return {
    release() {
      release();
      return transaction;
    },
  };
}

/** Backends of this database waiting for a lock (asked on the read connections: the pool may be full). */
async function lockWaits(database: Database): Promise<number> {
  const [row] = await database.reads.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return row!.waiting;
}

/** Resolves with the check's first truthy answer, polled at each turn of the event loop. */
async function until<T>(check: () => Promise<T | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
