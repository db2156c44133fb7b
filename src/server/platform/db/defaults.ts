import { OUT_OF_STOCK_DEFAULTS } from '#shared/constants';
import type { Database } from './client';

/**
 * What every shop needs, demo or real: the shipping methods of the product decisions and the
 * default settings. Safe to run at every start: existing rows are never touched.
 */
export async function ensureDefaults(database: Database): Promise<void> {
  await database.transaction(async (sql) => {
    await sql.query(
      `INSERT INTO shipping_methods (code, name, fee_kobo, free_above_kobo, min_days, max_days, display_order)
       VALUES ('standard', 'Standard Shipping', 250000, 2500000, 5, 7, 1),
              ('express', 'Express Shipping', 500000, NULL, 2, 3, 2)
       ON CONFLICT (code) DO NOTHING`,
    );
    await sql.query(
      `INSERT INTO settings (key, value) VALUES ('out_of_stock', $1), ('store', $2)
       ON CONFLICT (key) DO NOTHING`,
      [
        JSON.stringify(OUT_OF_STOCK_DEFAULTS),
        JSON.stringify({
          name: 'Naija Street',
          supportEmail: 'support@naijastreet.ng',
          supportPhone: '+234 800 000 0000',
          instagram: 'https://instagram.com/naijastreet',
        }),
      ],
    );
  });
}
