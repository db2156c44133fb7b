import { sql as pg } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/setup/test-app';
import type { Database, SqlRunner } from './client';
import { prepared, queries } from './queries';

describe('typed queries on our runner', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await queries(database.sql)
      .insertInto('categories')
      .values([
        { name: 'Prepared caps', slug: 'prepared-caps', display_order: 1 },
        { name: 'Prepared bags', slug: 'prepared-bags', display_order: 2 },
      ])
      .execute();
  });
  afterAll(() => drop());

  /** The runner, recording the text of each statement it is given. */
  const recording = (sql: SqlRunner) => {
    const texts: string[] = [];
    const runner: SqlRunner = {
      ...sql,
      query: (text, params) => {
        texts.push(text);
        return sql.query(text, params);
      },
    };
    return { runner, texts };
  };

  const categoriesBySlug = prepared<{ slugs: string[]; limit: number }>()((db, value) =>
    db
      .selectFrom('categories')
      .select(['name', 'display_order'])
      .where((eb) => eb('slug', '=', eb.fn.any(pg<string[]>`${value('slugs')}::text[]`)))
      .orderBy('display_order')
      .limit(value('limit')),
  );

  it('a prepared query binds each call its own values and sends the same statement text every time', async () => {
    const { runner, texts } = recording(database.sql);
    const both = await categoriesBySlug(runner, { slugs: ['prepared-caps', 'prepared-bags'], limit: 5 });
    expect(both).toEqual([
      { name: 'Prepared caps', display_order: 1 },
      { name: 'Prepared bags', display_order: 2 },
    ]);
    const first = await categoriesBySlug(runner, { slugs: ['prepared-caps', 'prepared-bags'], limit: 1 });
    expect(first).toEqual([{ name: 'Prepared caps', display_order: 1 }]);
    expect(await categoriesBySlug(runner, { slugs: ['no-such-slug'], limit: 5 })).toEqual([]);
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(1);
    // The same answer as the builder run at each call.
    const built = await queries(database.sql)
      .selectFrom('categories')
      .select(['name', 'display_order'])
      .where('slug', 'in', ['prepared-caps', 'prepared-bags'])
      .orderBy('display_order')
      .execute();
    expect(both).toEqual(built);
  });

  it('runs in the transaction it is given', async () => {
    await database
      .transaction(async (sql) => {
        await queries(sql)
          .insertInto('categories')
          .values({ name: 'Prepared hats', slug: 'prepared-hats', display_order: 3 })
          .execute();
        expect(await categoriesBySlug(sql, { slugs: ['prepared-hats'], limit: 5 })).toEqual([
          { name: 'Prepared hats', display_order: 3 },
        ]);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(await categoriesBySlug(database.sql, { slugs: ['prepared-hats'], limit: 5 })).toEqual([]);
  });

  it('refuses a value its query does not bind as a parameter', async () => {
    const unbound = prepared<{ slug: string; unused: string }>()((db, value) => {
      value('unused');
      return db.selectFrom('categories').select('name').where('slug', '=', value('slug'));
    });
    await expect(unbound(database.sql, { slug: 'prepared-caps', unused: 'x' })).rejects.toThrow(
      'the value "unused" is not bound as a parameter of its query',
    );
  });

  it('refuses to open a transaction of its own', async () => {
    await expect(
      queries(database.sql)
        .transaction()
        .execute(async () => 1),
    ).rejects.toThrow('Open transactions with database.transaction');
  });
});
