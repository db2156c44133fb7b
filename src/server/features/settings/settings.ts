import { sql as pg } from 'kysely';
import type {
  OutOfStockSettingsRequest,
  PaymentOptions,
  PaymentSettingsResponse,
  StoreSettings,
} from '#shared/schemas/settings';
import type { Actor, AppDeps } from '../../context';
import { announce } from '../../platform/db/announce';
import type { SqlRunner } from '../../platform/db/client';
import { queries } from '../../platform/db/queries';
import type { Json } from '../../platform/db/types';
import { recordAudit } from '../audit/record-audit';
import { readOutOfStockSettings } from '../catalog/out-of-stock-settings';
import { readStoreIdentity } from '../email/store-identity';
import { readPaymentOptions } from './payment-options';

/**
 * Writes one named setting, keeping keys it does not know about (the store's Instagram link),
 * audits what changed and announces it, in one transaction. The row is locked first, so two
 * admins saving at once each see the other's result as their 'before'.
 */
async function writeSetting(
  sql: SqlRunner,
  actor: Actor,
  key: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<void> {
  await queries(sql)
    .insertInto('settings')
    .values({
      key,
      value: pg<Json>`${JSON.stringify(after)}::jsonb`,
      updated_by: actor.kind === 'user' ? actor.id : null,
      updated_at: pg<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        value: pg<Json>`${eb.ref('settings.value')} || ${eb.ref('excluded.value')}`,
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: pg<Date>`now()`,
      })),
    )
    .execute();
  await recordAudit(sql, actor, { action: 'updated', entityType: 'setting', entityId: key, before, after });
  await announce(sql, { table: 'settings', id: key, userId: null, action: 'updated' });
}

const lockSetting = (sql: SqlRunner, key: string) =>
  queries(sql).selectFrom('settings').select('key').where('key', '=', key).forUpdate().execute();

export async function getOutOfStockSettings(deps: Pick<AppDeps, 'database'>) {
  return readOutOfStockSettings(deps.database.sql);
}

/**
 * Out of Stock Settings: `enabled` shows sold-out options disabled with `notification_text`,
 * `auto_hide_product` hides products with no stock, `threshold` is the low-stock line and
 * `notify_admin` emails the admins at it (catalog/products.ts, inventory/low-stock.ts read them).
 */
export async function updateOutOfStockSettings(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  input: OutOfStockSettingsRequest,
): Promise<OutOfStockSettingsRequest> {
  return deps.database.transaction(async (sql) => {
    await lockSetting(sql, 'out_of_stock');
    const before = await readOutOfStockSettings(sql);
    await writeSetting(sql, actor, 'out_of_stock', before, input);
    return readOutOfStockSettings(sql);
  });
}

export async function getStoreSettings(deps: Pick<AppDeps, 'database'>): Promise<StoreSettings> {
  return readStoreIdentity(deps.database.sql);
}

/** Store: the shop name, support email and phone used in every email and the footer. */
export async function updateStoreSettings(
  deps: Pick<AppDeps, 'database'>,
  actor: Actor,
  input: StoreSettings,
): Promise<StoreSettings> {
  return deps.database.transaction(async (sql) => {
    await lockSetting(sql, 'store');
    const before = await readStoreIdentity(sql);
    await writeSetting(sql, actor, 'store', before, input);
    return readStoreIdentity(sql);
  });
}

/**
 * Payment: the mode and keys are read from the server's configuration; the secret key never
 * leaves the environment (docs/decisions/2026-11-23-payment-settings.md) and the mode follows the
 * keys. The channels Paystack's window offers and pay on delivery are the admin's (the `payment`
 * setting).
 */
export async function getPaymentSettings(
  deps: Pick<AppDeps, 'env' | 'payments' | 'database'>,
): Promise<PaymentSettingsResponse> {
  const gateway = deps.payments;
  return {
    mode: gateway?.mode ?? 'off',
    publicKey: gateway && gateway.mode !== 'simulator' ? gateway.publicKey : null,
    webhookUrl: `${deps.env.publicUrl}/api/payments/webhook`,
    ...(await readPaymentOptions(deps.database.sql)),
  };
}

/**
 * Payment: the channels offered in Paystack's window (at least one), and whether pay on delivery
 * is on (then offered only in the zones that allow it, up to each zone's maximum).
 */
export async function updatePaymentSettings(
  deps: Pick<AppDeps, 'env' | 'payments' | 'database'>,
  actor: Actor,
  input: PaymentOptions,
): Promise<PaymentSettingsResponse> {
  await deps.database.transaction(async (sql) => {
    await lockSetting(sql, 'payment');
    const before = await readPaymentOptions(sql);
    await writeSetting(sql, actor, 'payment', before, {
      channels: input.channels,
      payOnDelivery: input.payOnDelivery,
    });
  });
  return getPaymentSettings(deps);
}
