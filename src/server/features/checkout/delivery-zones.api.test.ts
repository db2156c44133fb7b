import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutPricing, CheckoutSummary } from '#shared/schemas/checkout';
import { createProduct } from '../../../../tests/factories/catalog';
import { createDiscount } from '../../../../tests/factories/discounts';
import { addToCart, placeOrder } from '../../../../tests/factories/orders';
import { createBuyers } from '../../../../tests/process/support/shoppers';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let buyers = 0;
/** A signed-in shopper with `naira` worth of a new product in the cart. */
async function shopperWithCart(priceKobo: number) {
  buyers += 1;
  const [buyer] = await createBuyers(t.database, 1, `zones-${buyers}-${Date.now()}`);
  const product = await createProduct(t, { priceKobo, variants: [{ size: 'M', stock: 10 }] });
  await addToCart(t, buyer!.cookie, product, 1);
  return buyer!;
}

const orderRow = async (response: { body: unknown }) => {
  const [row] = await t.database.sql.query<{
    shipping_cost_kobo: number;
    total_amount_kobo: number;
    shipping_zone: string;
    shipping_method: string;
    shipping_method_code: string;
    fulfilment: string;
    pickup_location: unknown;
    payment_kind: string;
    payment_method: string;
    status: string;
  }>(
    `SELECT shipping_cost_kobo, total_amount_kobo, shipping_zone, shipping_method, shipping_method_code,
            fulfilment, pickup_location, payment_kind, payment_method, status
       FROM orders WHERE id = $1`,
    [(response.body as { orderId: string }).orderId],
  );
  return row!;
};

describe('delivery priced by the zone of the shipping state', () => {
  it("charges each state its zone's fee: Lagos ₦2,500, Oyo ₦3,500, Kano ₦4,500", async () => {
    const cases = [
      ['Lagos', 'Lagos', 250_000],
      ['Oyo', 'South-West', 350_000],
      ['Kano', 'Rest of Nigeria', 450_000],
      ['FCT', 'Rest of Nigeria', 450_000],
    ] as const;
    for (const [state, zone, fee] of cases) {
      const { cookie } = await shopperWithCart(1_000_000);
      const response = await placeOrder(t, cookie, { state, city: state });
      expect(response.status, state).toBe(201);
      expect(await orderRow(response), state).toMatchObject({
        shipping_zone: zone,
        shipping_method: 'Standard Shipping',
        shipping_method_code: 'standard',
        shipping_cost_kobo: fee,
        total_amount_kobo: 1_000_000 + fee,
        fulfilment: 'delivery',
        pickup_location: null,
        payment_kind: 'paystack',
        payment_method: 'Card (Paystack)',
        status: 'pending',
      });
    }
  });

  it('is free above the threshold of that zone only: a ₦30,000 cart is free in Lagos, still ₦4,500 in Kano', async () => {
    const { cookie } = await shopperWithCart(3_000_000);
    const summary = (await t.request('/api/checkout', { cookie })).body as CheckoutSummary;
    const quoteOf = (zoneName: string) => {
      const method = summary.zones
        .find((zone) => zone.name === zoneName)!
        .methods.find((option) => option.code === 'standard')!;
      return {
        costKobo: method.costKobo,
        totalKobo: summary.pricing.quotes.find((quote) => quote.shippingMethodId === method.id)!.breakdown
          .totalKobo,
      };
    };
    expect(quoteOf('Lagos')).toEqual({ costKobo: 0, totalKobo: 3_000_000 });
    expect(quoteOf('Rest of Nigeria')).toEqual({ costKobo: 450_000, totalKobo: 3_450_000 });

    const kano = await placeOrder(t, cookie, { state: 'Kano', city: 'Kano' });
    expect(await orderRow(kano)).toMatchObject({ shipping_cost_kobo: 450_000, total_amount_kobo: 3_450_000 });
    const lagos = await shopperWithCart(3_000_000);
    const free = await placeOrder(t, lagos.cookie);
    expect(await orderRow(free)).toMatchObject({ shipping_cost_kobo: 0, total_amount_kobo: 3_000_000 });
  });

  it("refuses a method the state's zone does not offer, or has switched off, and writes nothing", async () => {
    const { cookie } = await shopperWithCart(1_000_000);
    const before = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    const express = await placeOrder(t, cookie, {
      state: 'Kano',
      city: 'Kano',
      shippingMethodCode: 'express',
    });
    expect(express.status).toBe(400);
    expect(express.body).toEqual({
      error: {
        code: 'bad_request',
        message: 'Express Shipping is not available for Kano. Please choose a delivery method.',
        fields: {
          shippingMethodCode: 'Express Shipping is not available for Kano. Please choose a delivery method.',
        },
      },
    });
    const pickup = await placeOrder(t, cookie, {
      state: 'Oyo',
      city: 'Ibadan',
      shippingMethodCode: 'pickup',
    });
    expect(pickup.body).toMatchObject({
      error: {
        fields: {
          shippingMethodCode: 'Pick up in store is not available for Oyo. Please choose a delivery method.',
        },
      },
    });
    const unknown = await placeOrder(t, cookie, { shippingMethodCode: 'teleport' });
    expect(unknown.body).toMatchObject({
      error: { message: 'That delivery method is not available for Lagos. Please choose a delivery method.' },
    });
    await t.database.sql.query(
      `UPDATE shipping_methods SET is_enabled = false
        WHERE code = 'express' AND zone_id = (SELECT zone_id FROM shipping_zone_states WHERE state = 'Lagos')`,
    );
    try {
      const off = await placeOrder(t, cookie, { shippingMethodCode: 'express' });
      expect(off.status).toBe(400);
      expect(off.body).toMatchObject({
        error: {
          fields: {
            shippingMethodCode:
              'Express Shipping is not available for Lagos. Please choose a delivery method.',
          },
        },
      });
    } finally {
      await t.database.sql.query(`UPDATE shipping_methods SET is_enabled = true WHERE code = 'express'`);
    }
    const after = await t.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    expect(after[0]!.n).toBe(before[0]!.n);
    // The same cart goes through with a method Kano has.
    expect((await placeOrder(t, cookie, { state: 'Kano', city: 'Kano' })).status).toBe(201);
  });

  it('refuses a state in no zone and says so', async () => {
    const { cookie } = await shopperWithCart(1_000_000);
    const [zone] = await t.database.sql.query<{ zone_id: string }>(
      `DELETE FROM shipping_zone_states WHERE state = 'Sokoto' RETURNING zone_id`,
    );
    try {
      const summary = (await t.request('/api/checkout', { cookie })).body as CheckoutSummary;
      expect(summary.zones.flatMap((each) => each.states)).not.toContain('Sokoto');
      const response = await placeOrder(t, cookie, { state: 'Sokoto', city: 'Sokoto' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: {
          code: 'bad_request',
          message: "We don't deliver to Sokoto yet.",
          fields: { state: "We don't deliver to Sokoto yet." },
        },
      });
    } finally {
      await t.database.sql.query(`INSERT INTO shipping_zone_states (state, zone_id) VALUES ('Sokoto', $1)`, [
        zone!.zone_id,
      ]);
    }
    expect((await placeOrder(t, cookie, { state: 'Sokoto', city: 'Sokoto' })).status).toBe(201);
  });

  it('places a pickup order with no fee, keeping where and when to collect it', async () => {
    const { cookie, email } = await shopperWithCart(1_000_000);
    const response = await placeOrder(t, cookie, { shippingMethodCode: 'pickup', email });
    expect(response.status).toBe(201);
    expect(await orderRow(response)).toMatchObject({
      shipping_zone: 'Lagos',
      shipping_method: 'Pick up in store',
      shipping_method_code: 'pickup',
      shipping_cost_kobo: 0,
      total_amount_kobo: 1_000_000,
      fulfilment: 'pickup',
      pickup_location: {
        address: '12 Admiralty Way, Lekki Phase 1, Lagos',
        openingHours: 'Mon–Sat, 10am–6pm',
      },
      status: 'pending',
    });
    await t.jobsIdle();
    const [sent] = await t.database.sql.query<{ text_body: string }>(
      `SELECT text_body FROM emails WHERE kind = 'order_placed' AND to_address = $1`,
      [email],
    );
    expect(sent?.text_body).toContain('12 Admiralty Way, Lekki Phase 1, Lagos');
  });

  it('quotes every method of every zone by id with a discount code too', async () => {
    const { cookie } = await shopperWithCart(2_000_000);
    const discount = await createDiscount(t, { code: 'ZONES10', type: 'percentage', percentOff: 10 });
    const response = await t.request('/api/checkout/discount', {
      method: 'POST',
      cookie,
      json: { code: discount.code },
    });
    expect(response.status).toBe(200);
    const { pricing } = response.body as { pricing: CheckoutPricing };
    const summary = (await t.request('/api/checkout', { cookie })).body as CheckoutSummary;
    const methods = summary.zones.flatMap((zone) => zone.methods);
    expect(pricing.quotes.map((quote) => quote.shippingMethodId)).toEqual(methods.map((method) => method.id));
    const byCode = (zoneName: string, code: string) => {
      const id = summary.zones
        .find((zone) => zone.name === zoneName)!
        .methods.find((m) => m.code === code)!.id;
      return pricing.quotes.find((quote) => quote.shippingMethodId === id)!.breakdown;
    };
    expect(byCode('Lagos', 'standard')).toMatchObject({
      discountKobo: 200_000,
      shippingKobo: 250_000,
      totalKobo: 2_050_000,
    });
    expect(byCode('South-West', 'standard')).toMatchObject({ shippingKobo: 350_000, totalKobo: 2_150_000 });
    expect(byCode('Lagos', 'pickup')).toMatchObject({ shippingKobo: 0, totalKobo: 1_800_000 });
  });
});
