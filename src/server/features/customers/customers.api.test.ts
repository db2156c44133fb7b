import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, lastEmailTo } from '../../../../tests/factories/accounts';
import { createProduct } from '../../../../tests/factories/catalog';
import { orderProduct } from '../../../../tests/factories/paid-orders';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { systemActor } from '../../context';
import { setCustomerRole } from './customer-actions';

type List = { customers: Record<string, unknown>[]; page: number; pageSize: number; total: number };

describe('the admin customers list and details', () => {
  let t: TestApp;
  let admin: string;
  let ngozi: { id: string; email: string };
  let ngoziCookie: string;
  let orders: { paid: string; unpaid: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createSignedInUser(t, { role: 'admin', firstName: 'Shop', lastName: 'Admin' })).cookie;
    const signedIn = await createSignedInUser(t, {
      email: 'ngozi.okafor@example.test',
      firstName: 'Ngozi',
      lastName: 'Okafor',
    });
    ngozi = signedIn.user;
    ngoziCookie = signedIn.cookie;
    const tee = await createProduct(t, { priceKobo: 1_000_000, variants: [{ size: 'M', stock: 20 }] });
    orders = {
      paid: await orderProduct(t, ngoziCookie, ngozi.email, tee, { quantity: 2 }),
      unpaid: await orderProduct(t, ngoziCookie, ngozi.email, tee, { paid: false }),
    };
    await t.request('/api/account/addresses', {
      method: 'POST',
      cookie: ngoziCookie,
      json: {
        fullName: 'Ngozi Okafor',
        email: ngozi.email,
        phone: '08031234567',
        address: '4 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        isDefault: true,
      },
    });
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const response = await t.request(`/api/admin/customers${query}`, { cookie: admin });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as unknown as List;
  };

  it('finds a customer by part of their email or name, any case, with orders and paid spending', async () => {
    const expected = {
      id: ngozi.id,
      name: 'Ngozi Okafor',
      email: ngozi.email,
      role: 'customer',
      emailVerified: true,
      joinedAt: expect.any(String),
      // Both orders count; only the paid one is spent: 2 x ₦10,000 + ₦2,500 shipping.
      orderCount: 2,
      totalSpentKobo: 2_250_000,
    };
    for (const search of ['NGOZI.OKAFOR@', 'okafor', 'Ngozi Okafor', 'gozi oka']) {
      const body = await list(`?search=${encodeURIComponent(search)}`);
      expect(body.customers, search).toEqual([expected]);
      expect(body.total).toBe(1);
    }
  });

  it('matches a display name, and reads % and _ in a search as themselves', async () => {
    const nameless = await createUser(t, { firstName: '', lastName: '', email: 'quiet@example.test' });
    await t.database.sql.query(`UPDATE users SET display_name = 'Quiet_Buyer' WHERE id = $1`, [nameless.id]);
    const shown = await list('?search=quiet_b');
    expect(shown.customers.map((c) => [c.email, c.name])).toEqual([['quiet@example.test', 'Quiet_Buyer']]);
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=quiet%5Fc')).total).toBe(0);
    await t.database.sql.query('UPDATE users SET display_name = NULL WHERE id = $1', [nameless.id]);
    expect((await list('?search=quiet@')).customers[0]!.name).toBe('Customer');
  });

  it('pages through everyone, newest first, without repeating anyone', async () => {
    for (let i = 0; i < 5; i++) await createUser(t, { email: `pager-${i}@example.test` });
    const all = await list('?pageSize=100');
    expect(all.total).toBe(all.customers.length);
    const seen: unknown[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 3); page++) {
      const body = await list(`?page=${page}&pageSize=3`);
      expect(body).toMatchObject({ page, pageSize: 3, total: all.total });
      seen.push(...body.customers.map((c) => c.id));
    }
    expect(seen).toEqual(all.customers.map((c) => c.id));
    expect(all.customers[0]!.email).toBe('pager-4@example.test');
    const joined = all.customers.map((c) => Date.parse(c.joinedAt as string));
    expect(joined).toEqual([...joined].sort((a, b) => b - a));
    expect((await list('?search=pager-&pageSize=2&page=3')).customers).toHaveLength(1);
  });

  it('refuses a bad page size with a message', async () => {
    const response = await t.request('/api/admin/customers?pageSize=500', { cookie: admin });
    expect(response.status).toBe(400);
  });

  it("shows a customer's profile, addresses, orders (newest first) and role", async () => {
    const response = await t.request(`/api/admin/customers/${ngozi.id}`, { cookie: admin });
    expect(response.status).toBe(200);
    const { customer } = response.body as { customer: Record<string, unknown> & { orders: unknown[] } };
    expect(customer).toMatchObject({
      id: ngozi.id,
      firstName: 'Ngozi',
      lastName: 'Okafor',
      role: 'customer',
      orderCount: 2,
      totalSpentKobo: 2_250_000,
      addresses: [{ fullName: 'Ngozi Okafor', address: '4 Allen Avenue', city: 'Ikeja', isDefault: true }],
      messages: [],
    });
    expect(customer.orders).toEqual([
      expect.objectContaining({
        id: orders.unpaid,
        paymentStatus: 'pending',
        itemCount: 1,
        totalKobo: 1_250_000,
      }),
      expect.objectContaining({
        id: orders.paid,
        shortId: orders.paid.slice(0, 8),
        status: 'processing',
        paymentStatus: 'paid',
        itemCount: 2,
        totalKobo: 2_250_000,
      }),
    ]);
  });

  it('answers 404 for an unknown or malformed customer id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await t.request(`/api/admin/customers/${id}`, { cookie: admin });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: { message: 'Customer not found' } });
    }
  });

  it('queues an email in the brand layout, records it with its delivery status and audits it', async () => {
    const response = await t.request(`/api/admin/customers/${ngozi.id}/email`, {
      method: 'POST',
      cookie: admin,
      json: {
        subject: '  Your order <is> on its way ',
        body: 'Hello Ngozi,\n\nYour <b>hoodie</b> ships tomorrow & arrives Friday.\nThanks!',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { message } = response.body as { message: { id: string; status: string; subject: string } };
    expect(message).toMatchObject({ subject: 'Your order <is> on its way', status: 'queued' });

    const email = await lastEmailTo(t, ngozi.email, 'admin_message');
    // Without SMTP_URL the delivery job keeps it for the development mailbox.
    expect(email).toMatchObject({ subject: 'Your order <is> on its way', status: 'stored' });
    expect(email!.html).toContain('Your &lt;b&gt;hoodie&lt;/b&gt; ships tomorrow &amp; arrives Friday.');
    expect(email!.html).not.toContain('<b>hoodie</b>');
    expect(email!.html).toContain('Your order &lt;is&gt; on its way');
    expect(email!.html).toContain('Naija Street');
    expect(email!.text).toContain(
      'Hello Ngozi,\n\nYour <b>hoodie</b> ships tomorrow & arrives Friday.\n\nThanks!',
    );

    const detail = await t.request(`/api/admin/customers/${ngozi.id}`, { cookie: admin });
    expect((detail.body as { customer: { messages: unknown[] } }).customer.messages).toEqual([
      expect.objectContaining({ id: message.id, subject: 'Your order <is> on its way', status: 'stored' }),
    ]);
    const [audit] = await t.database.sql.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM audit_log WHERE entity_type = 'user' AND entity_id = $1 AND action = 'emailed'`,
      [ngozi.id],
    );
    expect(audit).toEqual({
      action: 'emailed',
      details: { emailId: message.id, to: ngozi.email, subject: 'Your order <is> on its way' },
    });
  });

  it('refuses an empty, too long or control-character message, sending nothing', async () => {
    const cases = [
      [{ subject: ' ', body: 'Hi' }, 'Please enter a subject.'],
      [{ subject: 'Hi', body: '' }, 'Please write a message.'],
      [{ subject: 'x'.repeat(151), body: 'Hi' }, 'The subject can be at most 150 characters.'],
      [{ subject: 'Hi', body: 'x'.repeat(5001) }, 'The message can be at most 5,000 characters.'],
      [{ subject: 'Hi\u0007', body: 'Hi' }, 'Remove the special (control) characters from the text.'],
      [{ subject: 'Hi\nBcc: x', body: 'Hi' }, 'Remove the special (control) characters from the text.'],
      // A NUL is refused before any schema reads the body, with the shop's general words for it.
      [{ subject: 'Hi', body: 'Line\u0000two' }, 'Please remove unusual characters from this field.'],
    ] as const;
    const before = await t.database.sql.query('SELECT id FROM emails');
    for (const [json, message] of cases) {
      const response = await t.request(`/api/admin/customers/${ngozi.id}/email`, {
        method: 'POST',
        cookie: admin,
        json,
      });
      expect(response.status, message).toBe(400);
      expect(response.body).toMatchObject({ error: { message } });
    }
    expect(await t.database.sql.query('SELECT id FROM emails')).toHaveLength(before.length);
    const missing = await t.request(`/api/admin/customers/${randomUUID()}/email`, {
      method: 'POST',
      cookie: admin,
      json: { subject: 'Hi', body: 'Hi' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('granting and revoking admin access', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setRole = (cookie: string, id: string, role: string) =>
    t.request(`/api/admin/customers/${id}/role`, { method: 'POST', cookie, json: { role } });
  const superAdmins = async () =>
    (await t.database.sql.query<{ id: string }>(`SELECT id FROM users WHERE role = 'super_admin'`)).map(
      (r) => r.id,
    );

  it('lets a super admin grant and revoke admin, effective at once, audited and announced', async () => {
    const owner = await createSignedInUser(t, { role: 'super_admin' });
    const staff = await createSignedInUser(t);
    expect((await t.request('/api/admin/me', { cookie: staff.cookie })).status).toBe(403);

    const granted = await setRole(owner.cookie, staff.user.id, 'admin');
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ customer: { id: staff.user.id, role: 'admin' } });
    // The same session is an admin's now: roles are read on every request.
    expect((await t.request('/api/admin/me', { cookie: staff.cookie })).status).toBe(200);

    const revoked = await setRole(owner.cookie, staff.user.id, 'customer');
    expect(revoked.body).toMatchObject({ customer: { role: 'customer' } });
    expect((await t.request('/api/admin/me', { cookie: staff.cookie })).status).toBe(403);

    const audit = await t.database.sql.query<{ actor_label: string; before: unknown; after: unknown }>(
      `SELECT actor_label, before, after FROM audit_log WHERE entity_type = 'user' AND entity_id = $1
       AND action = 'role_changed' ORDER BY created_at, id`,
      [staff.user.id],
    );
    expect(audit).toEqual([
      { actor_label: owner.user.email, before: { role: 'customer' }, after: { role: 'admin' } },
      { actor_label: owner.user.email, before: { role: 'admin' }, after: { role: 'customer' } },
    ]);
  });

  it('announces a role change to admin screens from its transaction', async () => {
    const owner = await createSignedInUser(t, { role: 'super_admin' });
    const shopper = await createUser(t);
    const heard: unknown[] = [];
    const stop = await t.database.listen('shop_changes', {
      onNotify: (payload) => heard.push(JSON.parse(payload)),
    });
    await setRole(owner.cookie, shopper.id, 'admin');
    await expect
      .poll(() => heard)
      .toContainEqual({
        table: 'users',
        id: shopper.id,
        userId: shopper.id,
        action: 'role_changed',
      });
    await stop();
  });

  it('refuses admins who are not super admins, and anyone changing their own access', async () => {
    const owner = await createSignedInUser(t, { role: 'super_admin' });
    const staff = await createSignedInUser(t, { role: 'admin' });
    const shopper = await createUser(t);
    const notSuper = await setRole(staff.cookie, shopper.id, 'admin');
    expect(notSuper.status).toBe(403);
    expect(notSuper.body).toMatchObject({
      error: { code: 'not_super_admin', message: 'Only a super admin can grant or revoke admin access.' },
    });
    for (const role of ['customer', 'admin']) {
      const own = await setRole(owner.cookie, owner.user.id, role);
      expect(own.status).toBe(409);
      expect(own.body).toMatchObject({
        error: { code: 'own_access', message: 'You cannot change your own access.' },
      });
    }
    const ownStaff = await setRole(staff.cookie, staff.user.id, 'customer');
    expect(ownStaff.status).toBe(409);
    expect((await setRole(owner.cookie, shopper.id, 'owner')).status).toBe(400);
    expect((await setRole(owner.cookie, randomUUID(), 'admin')).status).toBe(404);
    const [row] = await t.database.sql.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [
      shopper.id,
    ]);
    expect(row!.role).toBe('customer');
  });

  it('never removes the last super admin', async () => {
    await t.database.sql.query(`UPDATE users SET role = 'admin' WHERE role = 'super_admin'`);
    const only = await createUser(t, { role: 'super_admin' });
    await expect(setCustomerRole(t.deps, systemActor('script'), only.id, 'customer')).rejects.toMatchObject({
      code: 'last_super_admin',
      status: 409,
      message: 'The last super admin cannot be removed. Make someone else a super admin first.',
    });
    expect(await superAdmins()).toEqual([only.id]);
  });

  // At the same moment on PostgreSQL only: PGlite runs one statement at a time, so there the two
  // demotions run one after the other, a smoke test of the race.
  const demoteEachOther = process.env.TEST_DATABASE_URL
    ? 'keeps one super admin when two super admins demote each other at the same moment'
    : 'keeps one super admin when two super admins demote each other (PGlite: one after the other)';
  it(demoteEachOther, async () => {
    for (let round = 0; round < 5; round++) {
      await t.database.sql.query(`UPDATE users SET role = 'admin' WHERE role = 'super_admin'`);
      const a = await createSignedInUser(t, { role: 'super_admin' });
      const b = await createSignedInUser(t, { role: 'super_admin' });
      const results = await Promise.all([
        setRole(a.cookie, b.user.id, 'customer'),
        setRole(b.cookie, a.user.id, 'customer'),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
      const left = await superAdmins();
      expect(left).toHaveLength(1);
      expect([a.user.id, b.user.id]).toContain(left[0]);
    }
  });
});
