import type { DiscountTarget, DiscountType } from '#shared/schemas/promotions';
import type { Database } from '../../src/server/platform/db/client';

type HasDatabase = { database: Database };

export type DiscountInput = {
  code?: string | null;
  title?: string;
  type?: DiscountType;
  percentOff?: number | null;
  amountOffKobo?: number | null;
  appliesTo?: DiscountTarget;
  categoryIds?: string[];
  productIds?: string[];
  minSubtotalKobo?: number | null;
  /** Seconds from now (negative: in the past). */
  startsIn?: number;
  endsIn?: number | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  uses?: number;
  isActive?: boolean;
};

/**
 * A discount written straight to the database (the admin's Discounts section writes the same
 * row): a code unless `code` is null (an automatic offer). Its window is set on the database's
 * clock.
 */
export async function createDiscount(
  t: HasDatabase,
  input: DiscountInput = {},
): Promise<{ id: string; code: string | null }> {
  const code =
    input.code === null
      ? null
      : (input.code ?? `CODE${Math.random().toString(36).slice(2, 10)}`).toUpperCase();
  const type = input.type ?? 'percentage';
  const [row] = await t.database.sql.query<{ id: string }>(
    `INSERT INTO discounts (kind, code, title, type, percent_off, amount_off_kobo, applies_to, category_ids,
                            product_ids, min_subtotal_kobo, starts_at, ends_at, usage_limit, per_customer_limit,
                            uses, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::uuid[], $9::uuid[], $10, now() + make_interval(secs => $11),
             CASE WHEN $12::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => $12) END, $13, $14, $15, $16)
     RETURNING id`,
    [
      code === null ? 'automatic' : 'code',
      code,
      input.title ?? (code ? `${code} offer` : 'Automatic offer'),
      type,
      type === 'percentage' ? (input.percentOff ?? 20) : null,
      type === 'fixed' ? (input.amountOffKobo ?? 500_000) : null,
      input.appliesTo ?? 'all',
      input.categoryIds ?? [],
      input.productIds ?? [],
      input.minSubtotalKobo ?? null,
      input.startsIn ?? -3600,
      input.endsIn ?? null,
      input.usageLimit ?? null,
      input.perCustomerLimit ?? null,
      input.uses ?? 0,
      input.isActive ?? true,
    ],
  );
  return { id: row!.id, code };
}

/** The code's count of uses and its uses not given back. */
export async function discountUses(
  t: HasDatabase,
  discountId: string,
): Promise<{ uses: number; held: number }> {
  const [row] = await t.database.sql.query<{ uses: number; held: number }>(
    `SELECT d.uses,
            (SELECT count(*)::integer FROM discount_uses u WHERE u.discount_id = d.id AND u.released_at IS NULL) AS held
       FROM discounts d WHERE d.id = $1`,
    [discountId],
  );
  return row!;
}
