import { NIGERIAN_STATES, OUT_OF_STOCK_DEFAULTS } from '#shared/constants';
import { DEFAULT_PAYMENT_CHANNELS } from '#shared/payment-channels';
import type { Database } from './client';

// Distinct from the migrations', the seed's and the job queue's advisory locks.
const DEFAULTS_LOCK_ID = 4_242_007;

const SOUTH_WEST = ['Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'];

/**
 * The product's delivery zones (product decisions, Delivery and payment): each with its states,
 * its pay-on-delivery maximum (used once an admin turns pay on delivery on) and its methods.
 */
const ZONES = [
  {
    name: 'Lagos',
    states: ['Lagos'],
    payOnDeliveryMaxKobo: 10_000_000,
    methods: [
      {
        code: 'standard',
        kind: 'delivery',
        name: 'Standard Shipping',
        fee: 250_000,
        freeAbove: 2_500_000,
        days: [1, 3],
      },
      {
        code: 'express',
        kind: 'delivery',
        name: 'Express Shipping',
        fee: 500_000,
        freeAbove: null,
        days: [1, 1],
      },
      { code: 'pickup', kind: 'pickup', name: 'Pick up in store', fee: 0, freeAbove: null, days: [0, 1] },
    ],
  },
  {
    name: 'South-West',
    states: SOUTH_WEST,
    payOnDeliveryMaxKobo: null,
    methods: [
      {
        code: 'standard',
        kind: 'delivery',
        name: 'Standard Shipping',
        fee: 350_000,
        freeAbove: null,
        days: [2, 4],
      },
    ],
  },
  {
    name: 'Rest of Nigeria',
    states: NIGERIAN_STATES.filter((state) => state !== 'Lagos' && !SOUTH_WEST.includes(state)),
    payOnDeliveryMaxKobo: null,
    methods: [
      {
        code: 'standard',
        kind: 'delivery',
        name: 'Standard Shipping',
        fee: 450_000,
        freeAbove: null,
        days: [3, 7],
      },
    ],
  },
] as const;

/**
 * What every shop needs, demo or real: the delivery zones of the product decisions (only for a new
 * shop: one upgraded from one fee for every state keeps its 'Nigeria' zone, and an admin's zones
 * are never touched), and the default settings. Safe to run at every start: existing rows are
 * never changed.
 */
export async function ensureDefaults(database: Database): Promise<void> {
  await database.transaction(async (sql) => {
    // One start at a time decides whether the shop has zones (several processes may start at once).
    await sql.query('SELECT pg_advisory_xact_lock($1)', [DEFAULTS_LOCK_ID]);
    // A new shop: no zone, and never set up (a shop set up before has its pickup setting, and keeps
    // what its admin made of its zones, even none at all).
    const [fresh] = await sql.query<{ fresh: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM shipping_zones)
              AND NOT EXISTS (SELECT 1 FROM settings WHERE key = 'pickup') AS fresh`,
    );
    if (fresh!.fresh) {
      for (const [index, zone] of ZONES.entries()) {
        const [row] = await sql.query<{ id: string }>(
          `INSERT INTO shipping_zones (name, pay_on_delivery_max_kobo, display_order) VALUES ($1, $2, $3)
           RETURNING id`,
          [zone.name, zone.payOnDeliveryMaxKobo, index + 1],
        );
        await sql.query(
          `INSERT INTO shipping_zone_states (state, zone_id) SELECT unnest($1::text[]), $2
           ON CONFLICT (state) DO NOTHING`,
          [zone.states, row!.id],
        );
        for (const [order, method] of zone.methods.entries()) {
          await sql.query(
            `INSERT INTO shipping_methods
               (zone_id, code, kind, name, fee_kobo, free_above_kobo, min_days, max_days, display_order)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              row!.id,
              method.code,
              method.kind,
              method.name,
              method.fee,
              method.freeAbove,
              method.days[0],
              method.days[1],
              order + 1,
            ],
          );
        }
      }
    }
    await sql.query(
      `INSERT INTO settings (key, value) VALUES ('out_of_stock', $1), ('store', $2), ('pickup', $3), ('payment', $4)
       ON CONFLICT (key) DO NOTHING`,
      [
        JSON.stringify(OUT_OF_STOCK_DEFAULTS),
        JSON.stringify({
          name: 'Naija Street',
          supportEmail: 'support@naijastreet.ng',
          supportPhone: '+234 800 000 0000',
          instagram: 'https://instagram.com/naijastreet',
        }),
        JSON.stringify({
          address: '12 Admiralty Way, Lekki Phase 1, Lagos',
          openingHours: 'Mon–Sat, 10am–6pm',
        }),
        JSON.stringify({ channels: DEFAULT_PAYMENT_CHANNELS, payOnDelivery: false }),
      ],
    );
  });
}
