import { type ExpressionBuilder, type Kysely, sql as pg, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Gender } from '#shared/constants';
import type { Cart, CartLine, CartLineStatus } from '#shared/schemas/cart';
import { CART_LINE_MAX } from '#shared/schemas/cart';
import type { AppDeps } from '../../context';
import type { SqlRunner } from '../../platform/db/client';
import { prepared, queries } from '../../platform/db/queries';
import type { DB } from '../../platform/db/types';
import { iso } from '../../platform/db/values';
import { conflict, notFound } from '../../platform/errors';
import {
  comingSoonError,
  limitedProducts,
  limitMessage,
  limitReachedError,
  orderedUnits,
} from '../drops/drop-rules';

export type CartItemRequest = { productId: string; variantId: string; gender: Gender; quantity: number };

/**
 * One sellable variant as the database knows it right now, with its product's drop rules (the
 * columns of drops/drop-rules.ts's DropRow), from `products p` and `product_variants v`.
 */
const variantColumns = (
  eb: ExpressionBuilder<DB & { p: DB['products']; v: DB['product_variants'] }, 'p' | 'v'>,
) =>
  [
    'p.id as product_id',
    'v.id as variant_id',
    'p.name',
    // The price charged now (a sale or an automatic offer lowers it) and the product's own.
    pg<number>`offer_price_kobo(p)`.as('price_kobo'),
    'p.price_kobo as list_price_kobo',
    'p.category_id',
    'p.subcategory_id',
    'p.is_active',
    'v.size',
    'v.color',
    'v.stock_quantity',
    'p.release_at',
    'p.limit_per_customer',
    // As DROP_COLUMNS says it (drops/drop-rules.ts): the database's clock decides, never a client's.
    pg<boolean>`(p.release_at IS NOT NULL AND p.release_at > now())`.as('coming_soon'),
    eb
      .selectFrom('product_images as pi')
      .select('pi.id')
      .whereRef('pi.product_id', '=', 'p.id')
      .orderBy('pi.display_order')
      .orderBy('pi.id')
      .limit(1)
      .as('image_id'),
  ] as const;

/** `allowance`: what the drop's limit per customer leaves for this line (null: no limit). */
export function lineStatus(
  row: { is_active: boolean; coming_soon?: boolean; stock_quantity: number; quantity: number },
  allowance: number | null = null,
): CartLineStatus {
  if (!row.is_active) return 'inactive';
  if (row.coming_soon) return 'coming_soon';
  if (row.stock_quantity <= 0) return 'sold_out';
  if (allowance !== null && row.quantity > allowance) return 'over_limit';
  if (row.quantity > row.stock_quantity) return 'insufficient_stock';
  return 'ok';
}

/**
 * What each line's limit per customer leaves for it: the limit, less what the account has ordered
 * and what the cart's other lines of the same product hold (another size or colour). Null for
 * products without a limit.
 */
function allowances(
  rows: readonly (Pick<VariantRow, 'product_id' | 'limit_per_customer'> & { quantity: number })[],
  ordered: Map<string, number>,
): (number | null)[] {
  const inCart = new Map<string, number>();
  for (const row of rows) inCart.set(row.product_id, (inCart.get(row.product_id) ?? 0) + row.quantity);
  return rows.map((row) =>
    row.limit_per_customer === null
      ? null
      : Math.max(
          0,
          row.limit_per_customer -
            (ordered.get(row.product_id) ?? 0) -
            ((inCart.get(row.product_id) ?? 0) - row.quantity),
        ),
  );
}

/** "Lagos Tee (M, Black)": how an item is named in messages. */
export function itemLabel(row: { name: string; size: string | null; color: string | null }): string {
  const options = [row.size, row.color].filter(Boolean).join(', ');
  return options ? `${row.name} (${options})` : row.name;
}

function toLine(row: CartRow, allowance: number | null): CartLine {
  const priceKobo = row.price_kobo;
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    name: row.name,
    priceKobo,
    compareAtKobo: row.list_price_kobo > priceKobo ? row.list_price_kobo : null,
    imageId: row.image_id,
    size: row.size,
    color: row.color,
    gender: row.gender,
    quantity: row.quantity,
    stockAvailable: Math.max(0, row.stock_quantity),
    allowance,
    releaseAt: row.release_at === null ? null : iso(row.release_at),
    status: lineStatus(row, allowance),
    lineTotalKobo: priceKobo * row.quantity,
  };
}

export function summarize(lines: CartLine[], notices: string[] = []): Cart {
  return {
    items: lines,
    totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalKobo: lines.reduce((sum, line) => sum + line.lineTotalKobo, 0),
    canCheckout: lines.length > 0 && lines.every((line) => line.status === 'ok'),
    notices,
  };
}

/**
 * The signed-in user's cart lines, named and priced from the database. With `lock`, the cart and
 * its lines are locked until the transaction ends (placing an order), the cart row first, as
 * `lockCart` does.
 */
export async function readCartRows(sql: SqlRunner, userId: string, lock = false) {
  return (lock ? cartRowsLocked : cartRows)(sql, { userId });
}

const cartRowsQuery = (db: Kysely<DB>, userId: string) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('carts as c', 'c.id', 'ci.cart_id')
    .innerJoin('products as p', 'p.id', 'ci.product_id')
    .innerJoin('product_variants as v', 'v.id', 'ci.variant_id')
    .select((eb) => ['ci.id', 'ci.gender', 'ci.quantity', ...variantColumns(eb)])
    .where('c.user_id', '=', userId)
    .orderBy('ci.created_at')
    .orderBy('ci.id');
const cartRows = prepared<{ userId: string }>()((db, value) => cartRowsQuery(db, value('userId')));
const cartRowsLocked = prepared<{ userId: string }>()((db, value) =>
  cartRowsQuery(db, value('userId')).forUpdate(['c', 'ci']),
);

export type CartRow = Awaited<ReturnType<typeof readCartRows>>[number];

/** A CartRow as JSON carries it: its one date as the text PostgreSQL wrote. */
type CartRowJson = Omit<CartRow, 'release_at'> & { release_at: string | null };

/**
 * The same cart lines as one JSON column of another query (an order's context is read with them,
 * in one round trip). Read them with `cartRowsFromJson`.
 */
export function cartRowsJson(db: Kysely<DB>, userId: string): RawBuilder<CartRowJson[]> {
  return jsonArrayFrom(cartRowsQuery(db, userId)).$castTo<CartRowJson[]>();
}

/** CartRows back from `cartRowsJson`'s column. */
export function cartRowsFromJson(rows: readonly CartRowJson[]): CartRow[] {
  return rows.map((row) => ({
    ...row,
    release_at: row.release_at === null ? null : new Date(row.release_at),
  }));
}

/**
 * Locks the shopper's cart until the transaction ends. Whatever changes a shopper's cart together
 * with their orders' stock takes it first, as placing an order does (readCartRows with `lock`),
 * so the two wait for each other instead of each holding what the other needs (a stock row and
 * the cart). Placing an order counts the account's order limits after this lock: it is what
 * lines up one account's orders.
 */
export async function lockCart(sql: SqlRunner, userId: string): Promise<void> {
  await queries(sql).selectFrom('carts').select('id').where('user_id', '=', userId).forUpdate().execute();
}

export async function getCart(deps: AppDeps, userId: string, notices: string[] = []): Promise<Cart> {
  return (await readCart(deps.database.sql, userId, notices)).cart;
}

/** The cart as the shopper sees it, and the rows it was made from (checkout prices them). */
export async function readCart(sql: SqlRunner, userId: string, notices: string[] = []) {
  const rows = await readCartRows(sql, userId);
  const limits = allowances(rows, await orderedUnits(sql, userId, limitedProducts(rows)));
  const cart = summarize(
    rows.map((row, index) => toLine(row, limits[index]!)),
    notices,
  );
  return { cart, rows };
}

const upsertCart = prepared<{ userId: string }>()((db, value) =>
  db
    .insertInto('carts')
    .values({ user_id: value('userId') })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: pg<Date>`now()` }))
    .returning('id'),
);

async function ensureCart(sql: SqlRunner, userId: string): Promise<string> {
  const [cart] = await upsertCart(sql, { userId });
  return cart!.id;
}

// No row locks here: the cart only advises; stock is checked and reserved when the order is placed.
async function readVariants(sql: SqlRunner, variantIds: string[]) {
  if (variantIds.length === 0) return new Map<string, VariantRow>();
  const rows = await selectVariants(sql, { variantIds });
  return new Map(rows.map((row) => [row.variant_id, row]));
}

const selectVariants = prepared<{ variantIds: string[] }>()((db, value) =>
  db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select((eb) => variantColumns(eb))
    .where((eb) => eb('v.id', '=', eb.fn.any(pg<string[]>`${value('variantIds')}::uuid[]`))),
);

type VariantRow = Awaited<ReturnType<typeof selectVariants>>[number];

/** Same variant and gender in one request add up, as they would in the cart. */
function combine(items: CartItemRequest[]): CartItemRequest[] {
  const byKey = new Map<string, CartItemRequest>();
  for (const item of items) {
    const key = `${item.variantId}:${item.gender}`;
    const existing = byKey.get(key);
    if (existing) existing.quantity = Math.min(CART_LINE_MAX, existing.quantity + item.quantity);
    else byKey.set(key, { ...item });
  }
  return [...byKey.values()];
}

/**
 * What a drop's limit per customer leaves for one line of this cart: the limit, less the units
 * the account has ordered and the cart's other lines of the product. Null without a limit.
 */
async function lineAllowance(
  sql: SqlRunner,
  userId: string,
  cartId: string,
  variant: VariantRow,
  gender: Gender,
): Promise<{ allowance: number; limit: number; ordered: number; elsewhere: number } | null> {
  const limit = variant.limit_per_customer;
  if (limit === null) return null;
  const ordered = (await orderedUnits(sql, userId, [variant.product_id])).get(variant.product_id) ?? 0;
  const other = await queries(sql)
    .selectFrom('cart_items')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('units'))
    .where('cart_id', '=', cartId)
    .where('product_id', '=', variant.product_id)
    .where((eb) => eb.not(eb.and([eb('variant_id', '=', variant.variant_id), eb('gender', '=', gender)])))
    .executeTakeFirstOrThrow();
  const elsewhere = other.units;
  return { allowance: Math.max(0, limit - ordered - elsewhere), limit, ordered, elsewhere };
}

type Allowance = Awaited<ReturnType<typeof lineAllowance>>;

type LineKey = { cartId: string; variantId: string; gender: Gender };

const cartLine = prepared<LineKey>()((db, value) =>
  db
    .selectFrom('cart_items')
    .select('quantity')
    .where('cart_id', '=', value('cartId'))
    .where('variant_id', '=', value('variantId'))
    .where('gender', '=', value('gender'))
    .forUpdate(),
);

const putCartLine = prepared<LineKey & { productId: string; quantity: number }>()((db, value) =>
  db
    .insertInto('cart_items')
    .values({
      cart_id: value('cartId'),
      product_id: value('productId'),
      variant_id: value('variantId'),
      gender: value('gender'),
      quantity: value('quantity'),
    })
    .onConflict((oc) =>
      oc
        .columns(['cart_id', 'variant_id', 'gender'])
        .doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity'), updated_at: pg<Date>`now()` })),
    ),
);

/**
 * Adds `wanted` of a variant to the cart, on top of what is already there, capped by stock and
 * by the drop's limit per customer. Returns the quantity the line ends with and a notice when it
 * was capped.
 */
async function addToCart(
  sql: SqlRunner,
  cartId: string,
  variant: VariantRow,
  gender: Gender,
  wanted: number,
  limit: Allowance,
): Promise<{ quantity: number; added: number; notice: string | null }> {
  const [existing] = await cartLine(sql, { cartId, variantId: variant.variant_id, gender });
  const current = existing?.quantity ?? 0;
  const byStock = Math.min(variant.stock_quantity, CART_LINE_MAX);
  const cap = Math.min(byStock, limit?.allowance ?? Number.POSITIVE_INFINITY);
  const quantity = Math.max(current, Math.min(current + wanted, cap));
  if (quantity !== current) {
    await putCartLine(sql, {
      cartId,
      productId: variant.product_id,
      variantId: variant.variant_id,
      gender,
      quantity,
    });
  }
  let notice: string | null = null;
  if (current + wanted > quantity) {
    notice =
      limit && cap < byStock
        ? `${limitMessage(variant.name, limit.limit, limit.ordered)} Your cart has ${quantity + limit.elsewhere}.`
        : `Only ${variant.stock_quantity} of ${itemLabel(variant)} available; your cart has ${quantity}.`;
  }
  return { quantity, added: quantity - current, notice };
}

export async function addCartItem(deps: AppDeps, userId: string, item: CartItemRequest): Promise<Cart> {
  const notices = await deps.database.transaction(async (sql) => {
    const variant = (await readVariants(sql, [item.variantId])).get(item.variantId);
    if (!variant || variant.product_id !== item.productId) throw notFound('Product not found');
    if (!variant.is_active) throw conflict('product_unavailable', 'This product is no longer available.');
    if (variant.coming_soon) throw comingSoonError(variant);
    if (variant.stock_quantity <= 0) {
      throw conflict('out_of_stock', `Sorry, ${itemLabel(variant)} is sold out.`, { available: 0 });
    }
    const cartId = await ensureCart(sql, userId);
    const limit = await lineAllowance(sql, userId, cartId, variant, item.gender);
    const { added, notice } = await addToCart(sql, cartId, variant, item.gender, item.quantity, limit);
    if (limit && added === 0 && limit.allowance <= 0) {
      if (limit.elsewhere === 0) throw limitReachedError(variant, limit.limit, limit.ordered, item.quantity);
      // The cart's other sizes or colours already take what the limit leaves.
      throw conflict(
        'limit_reached',
        `${limitMessage(variant.name, limit.limit, limit.ordered)} Your cart already has ${limit.elsewhere}.`,
        { productId: variant.product_id, limit: limit.limit, ordered: limit.ordered, available: 0 },
      );
    }
    return notice ? [notice] : [];
  });
  return getCart(deps, userId, notices);
}

/** Sets a line's quantity; below 1 removes it; more than the stock is refused. */
export async function updateCartItem(
  deps: AppDeps,
  userId: string,
  itemId: string,
  quantity: number,
): Promise<Cart> {
  await deps.database.transaction(async (sql) => {
    const row = await queries(sql)
      .selectFrom('cart_items as ci')
      .innerJoin('carts as c', 'c.id', 'ci.cart_id')
      .select(['ci.id', 'ci.variant_id', 'ci.cart_id', 'ci.gender'])
      .where('ci.id', '=', itemId)
      .where('c.user_id', '=', userId)
      .forUpdate(['ci'])
      .executeTakeFirst();
    if (!row) throw notFound('Cart item not found');
    if (quantity < 1) {
      await queries(sql).deleteFrom('cart_items').where('id', '=', itemId).execute();
      return;
    }
    const variant = (await readVariants(sql, [row.variant_id])).get(row.variant_id)!;
    if (variant.coming_soon) throw comingSoonError(variant);
    const limit = await lineAllowance(sql, userId, row.cart_id, variant, row.gender);
    if (limit && quantity > limit.allowance) {
      throw limitReachedError(variant, limit.limit, limit.ordered, quantity + limit.elsewhere);
    }
    if (quantity > variant.stock_quantity) {
      const message =
        variant.stock_quantity <= 0
          ? `Sorry, ${itemLabel(variant)} is sold out.`
          : `Only ${variant.stock_quantity} of ${itemLabel(variant)} left in stock.`;
      throw conflict('insufficient_stock', message, { available: Math.max(0, variant.stock_quantity) });
    }
    await queries(sql)
      .updateTable('cart_items')
      .set({ quantity, updated_at: pg<Date>`now()` })
      .where('id', '=', itemId)
      .execute();
  });
  return getCart(deps, userId);
}

export async function removeCartItem(deps: AppDeps, userId: string, itemId: string): Promise<Cart> {
  const deleted = await queries(deps.database.sql)
    .deleteFrom('cart_items as ci')
    .using('carts as c')
    .whereRef('ci.cart_id', '=', 'c.id')
    .where('ci.id', '=', itemId)
    .where('c.user_id', '=', userId)
    .returning('ci.id')
    .execute();
  if (deleted.length === 0) throw notFound('Cart item not found');
  return getCart(deps, userId);
}

export async function clearCart(deps: AppDeps, userId: string): Promise<Cart> {
  await queries(deps.database.sql)
    .deleteFrom('cart_items as ci')
    .using('carts as c')
    .whereRef('ci.cart_id', '=', 'c.id')
    .where('c.user_id', '=', userId)
    .execute();
  return getCart(deps, userId);
}

/**
 * Empties the account's cart as part of a statement that does more (placing an order writes the
 * order, consumes its stock holds and clears the cart in one): a common table expression.
 */
export function clearedCart(userId: string): RawBuilder<{ id: string }> {
  // In parentheses: the builder writes a raw common table expression as it is given.
  return pg`(DELETE FROM cart_items ci USING carts c
              WHERE ci.cart_id = c.id AND c.user_id = ${userId}::uuid RETURNING ci.id)`;
}

/**
 * Merges a guest cart (from browser storage) into the account's cart at sign-in: the same
 * variant and gender add up, capped by stock; unknown, inactive or sold-out items are left out.
 */
export async function mergeCart(deps: AppDeps, userId: string, items: CartItemRequest[]): Promise<Cart> {
  const notices = await deps.database.transaction((sql) => mergeCartIn(sql, userId, items));
  return getCart(deps, userId, notices);
}

/** mergeCart inside the caller's transaction (also how an unpaid order's items go back to the cart). */
export async function mergeCartIn(
  sql: SqlRunner,
  userId: string,
  items: CartItemRequest[],
): Promise<string[]> {
  {
    const wanted = combine(items);
    const variants = await readVariants(
      sql,
      wanted.map((item) => item.variantId),
    );
    const cartId = await ensureCart(sql, userId);
    const messages: string[] = [];
    for (const item of wanted) {
      const variant = variants.get(item.variantId);
      if (!variant || variant.product_id !== item.productId) {
        messages.push('An item in your cart is no longer available and was removed.');
      } else if (!variant.is_active) {
        messages.push(`${itemLabel(variant)} is no longer available and was not added.`);
      } else if (variant.coming_soon) {
        messages.push(`${variant.name} is not out yet and was not added.`);
      } else if (variant.stock_quantity <= 0) {
        messages.push(`${itemLabel(variant)} is sold out and was not added.`);
      } else {
        const limit = await lineAllowance(sql, userId, cartId, variant, item.gender);
        const { notice } = await addToCart(sql, cartId, variant, item.gender, item.quantity, limit);
        if (notice) messages.push(notice);
      }
    }
    return [...new Set(messages)];
  }
}

/** Prices a guest cart without storing anything; unknown items are dropped with a notice. */
export async function quoteCart(deps: AppDeps, items: CartItemRequest[]): Promise<Cart> {
  const wanted = combine(items);
  const variants = await readVariants(
    deps.database.sql,
    wanted.map((item) => item.variantId),
  );
  const rows: CartRow[] = [];
  const notices: string[] = [];
  for (const item of wanted) {
    const variant = variants.get(item.variantId);
    if (!variant || variant.product_id !== item.productId) {
      notices.push('An item in your cart is no longer available and was removed.');
      continue;
    }
    rows.push({
      ...variant,
      id: `temp_${item.variantId}_${item.gender}`,
      gender: item.gender,
      quantity: item.quantity,
    });
  }
  // A guest has ordered nothing: the limit per customer is counted again at sign-in and checkout.
  const limits = allowances(rows, new Map());
  return summarize(
    rows.map((row, index) => toLine(row, limits[index]!)),
    [...new Set(notices)],
  );
}
