/**
 * ensureDefaults at every start: a new shop gets the product's delivery zones and settings once; a
 * shop upgraded by migration 0102 keeps the one zone it was given; an admin's zones stay theirs.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUrl, databaseUrl } from '../../../../tests/setup/postgres';
import { type Database, openDatabase } from './client';
import { ensureDefaults } from './defaults';
import { loadMigrations, migrate } from './migrate';

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

async function emptyDatabase(): Promise<Database> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const database = await openDatabase({ kind: 'pglite' });
    drops.push(() => database.close());
    return database;
  }
  const name = `defaults_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl(server), maxConnections: 1 });
  await admin.sql.exec(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(server, name) });
  drops.push(async () => {
    await database.close();
    await admin.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });
  return database;
}

const zonesOf = (database: Database) =>
  database.sql.query<{ name: string; states: number; methods: string; pod: number | null }>(
    `SELECT z.name, z.pay_on_delivery_max_kobo AS pod,
            (SELECT count(*)::int FROM shipping_zone_states s WHERE s.zone_id = z.id) AS states,
            (SELECT string_agg(m.code || ':' || m.fee_kobo, ',' ORDER BY m.display_order)
               FROM shipping_methods m WHERE m.zone_id = z.id) AS methods
       FROM shipping_zones z ORDER BY z.display_order`,
  );

describe('ensureDefaults', () => {
  it("gives a new shop the product's zones and settings once, and never remakes what an admin removed", async () => {
    const database = await emptyDatabase();
    await migrate(database);
    await ensureDefaults(database);
    await ensureDefaults(database);
    expect(await zonesOf(database)).toEqual([
      { name: 'Lagos', states: 1, methods: 'standard:250000,express:500000,pickup:0', pod: 10_000_000 },
      { name: 'South-West', states: 5, methods: 'standard:350000', pod: null },
      { name: 'Rest of Nigeria', states: 31, methods: 'standard:450000', pod: null },
    ]);
    const settings = await database.sql.query<{ key: string; value: unknown }>(
      `SELECT key, value FROM settings WHERE key IN ('pickup', 'payment') ORDER BY key`,
    );
    expect(settings).toEqual([
      { key: 'payment', value: { channels: ['card', 'bank_transfer', 'ussd'], payOnDelivery: false } },
      {
        key: 'pickup',
        value: { address: '12 Admiralty Way, Lekki Phase 1, Lagos', openingHours: 'Mon–Sat, 10am–6pm' },
      },
    ]);

    await database.sql.exec('DELETE FROM shipping_zones');
    await ensureDefaults(database);
    expect(await zonesOf(database)).toEqual([]);
  });

  it("keeps an upgraded shop's one zone for every state, with the methods it had", async () => {
    const database = await emptyDatabase();
    const migrations = await loadMigrations();
    await migrate(
      database,
      migrations.filter((migration) => migration.version < 102),
    );
    // The shop before zones: one fee for every state.
    await database.sql.exec(
      `INSERT INTO shipping_methods (code, name, fee_kobo, free_above_kobo, min_days, max_days, display_order)
       VALUES ('standard', 'Standard Shipping', 250000, 2500000, 5, 7, 1),
              ('express', 'Express Shipping', 500000, NULL, 2, 3, 2)`,
    );
    await migrate(database, migrations);
    await ensureDefaults(database);
    expect(await zonesOf(database)).toEqual([
      { name: 'Nigeria', states: 37, methods: 'standard:250000,express:500000', pod: null },
    ]);
    const [pickup] = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM settings WHERE key IN ('pickup', 'payment')`,
    );
    expect(pickup!.n).toBe(2);
  });
});
