import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/setup/test-app';
import { CONNECTIONS_KEPT_FOR_READS, createGate, type Database } from './client';

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
});
