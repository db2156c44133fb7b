import { formatLongDate } from '#shared/dates';
import type { PaymentKind } from '#shared/fulfilment';
import { formatNaira } from '#shared/money';
import { breakdownRows, orderBreakdown } from '#shared/price-breakdown';
import type { OrderMoney } from '#shared/schemas/money';
import type { AppDeps } from '../../context';
import { notFound } from '../../platform/errors';
import { escapeHtml } from '../../platform/html';
import { getStoreIdentity } from '../email/store-identity';
import { readOrderMoney } from '../payments/ledger';
import { loadOrder } from './orders';

/**
 * Whether the parcel may go, from the ledger: whether the order is paid, and a warning when it is
 * not or when money is due back. A pay-on-delivery order goes unpaid: the slip says what to collect.
 */
export function packingPaymentLine(
  money: OrderMoney,
  status: string,
  totalKobo: number,
  paymentKind: PaymentKind = 'paystack',
): { text: string; warn: boolean } {
  if (status === 'cancelled') return { text: 'CANCELLED: do not ship.', warn: true };
  if (paymentKind === 'pay_on_delivery' && money.appliedKobo === 0) {
    return { text: `Pay on delivery: collect ${formatNaira(totalKobo)}.`, warn: true };
  }
  if (money.salesKobo <= 0 || money.appliedKobo < totalKobo) {
    return { text: 'NOT PAID: do not ship until the payment has arrived.', warn: true };
  }
  if (money.refundDueKobo > 0) {
    return { text: `Paid. ${formatNaira(money.refundDueKobo)} is due back to the customer.`, warn: false };
  }
  return { text: 'Paid in full.', warn: false };
}

/**
 * A packing slip for one order: a plain page made to be printed (A4 or a receipt printer), with
 * what goes in the parcel, where it goes, and the order's price breakdown as on every other screen
 * (subtotal, discount, delivery, total). Served by the admin API, so only admins reach it; no
 * script, so it prints as it is. Its stylesheet carries the answer's CSP nonce (`nonce`, from
 * http/security-headers.ts), without which the browser would refuse it and print the slip unstyled.
 */
export async function renderPackingSlip(deps: AppDeps, orderId: string, nonce: string): Promise<string> {
  const order = await loadOrder(deps.database.sql, orderId);
  if (!order) throw notFound('Order not found');
  const store = await getStoreIdentity(deps);
  const payment = packingPaymentLine(
    await readOrderMoney(deps.database.sql, orderId),
    order.status,
    order.totalAmountKobo,
    order.paymentKind,
  );
  const e = escapeHtml;
  const ref = order.shortId.toUpperCase();
  const ship = order.shippingAddress;
  const rows = order.items
    .map(
      (
        item,
      ) => `<tr><td class="qty">${item.quantity}</td><td>${e(item.name)}</td><td>${e(item.size ?? '—')}</td>
<td>${e(item.color ?? '—')}</td><td class="check" aria-label="Packed"></td></tr>`,
    )
    .join('\n');
  const totals = breakdownRows(orderBreakdown(order))
    .map(
      (row) =>
        `<tr${row.key === 'total' ? ' class="total"' : ''}><th scope="row">${e(row.label)}</th><td>${e(row.value)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Packing slip ${e(ref)} · ${e(store.name)}</title>
<style nonce="${e(nonce)}">
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;margin:0;padding:24px;max-width:800px;margin-inline:auto;font-size:14px;line-height:1.45}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:12px;border-bottom:2px solid #111;padding-bottom:12px}
h1{font-size:22px;margin:0}
h2{font-size:13px;text-transform:uppercase;letter-spacing:.08em;margin:0 0 4px}
.ref{font-size:28px;font-weight:800;letter-spacing:.04em}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px;margin:16px 0}
address{font-style:normal;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;margin-top:8px}
th,td{border-bottom:1px solid #ccc;padding:8px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{font-size:12px;text-transform:uppercase;letter-spacing:.06em;white-space:nowrap}
.qty{width:3.5em;font-weight:700}
.check{width:5.5em}
.check::before{content:"";display:inline-block;width:16px;height:16px;border:1.5px solid #111}
.totals{width:auto;min-width:260px;margin:16px 0 0 auto}
.totals th{text-transform:none;letter-spacing:0;font-size:14px;font-weight:400;padding-right:24px}
.totals td{text-align:right;white-space:nowrap}
.totals .total th,.totals .total td{font-weight:800;border-top:2px solid #111;border-bottom:0}
.notes{border:1px dashed #999;padding:8px;white-space:pre-wrap;overflow-wrap:anywhere}
footer{margin-top:24px;font-size:12px;color:#444}
.hint{background:#f4f4f4;padding:8px 12px;border-radius:4px;font-size:13px}
.warn{border:2px solid #111;padding:4px 8px;font-weight:800;display:inline-block}
@media print{.hint{display:none}body{padding:0}@page{margin:14mm}}
</style></head><body>
<p class="hint">Print this page (Ctrl+P, or Share → Print on a phone) and put it in the parcel.</p>
<header><div><h1>${e(store.name)}</h1><div>Packing slip</div></div>
<div><div class="ref">#${e(ref)}</div><div>Ordered ${e(formatLongDate(order.createdAt))}</div></div></header>
<div class="grid">
${
  order.fulfilment === 'pickup' && order.pickup
    ? `<section><h2>PICKUP IN STORE</h2><address>${e(order.pickup.address)}<br>${e(order.pickup.openingHours)}</address>
<h2 style="margin-top:12px">For</h2><address>${e(ship.fullName)}<br>${e(ship.phone)}</address></section>`
    : `<section><h2>Ship to</h2><address>${e(ship.fullName)}<br>${e(ship.address)}<br>${e(ship.city)}, ${e(ship.state)}<br>${e(ship.phone)}</address></section>`
}
<section><h2>${order.fulfilment === 'pickup' ? 'Fulfilment' : 'Shipping'}</h2><div>${e(order.shippingMethod)}${order.shippingZone ? ` · ${e(order.shippingZone)}` : ''}</div><h2 style="margin-top:12px">Items</h2><div>${order.itemCount}</div></section>
<section><h2>Payment</h2><div${payment.warn ? ' class="warn"' : ''}>${e(payment.text)}</div></section>
</div>
<table><caption class="sr-only" style="position:absolute;left:-9999px">Items in this parcel</caption>
<thead><tr><th>Qty</th><th>Item</th><th>Size</th><th>Colour</th><th>Packed</th></tr></thead>
<tbody>${rows}</tbody></table>
<table class="totals"><caption class="sr-only" style="position:absolute;left:-9999px">Order total</caption>
<tbody>${totals}</tbody></table>
${order.notes ? `<h2 style="margin-top:16px">Notes</h2><div class="notes">${e(order.notes)}</div>` : ''}
<footer>Questions about your order? ${e(store.supportEmail)}${store.supportPhone ? ` · ${e(store.supportPhone)}` : ''} · Order ${e(order.id)}</footer>
</body></html>`;
}
