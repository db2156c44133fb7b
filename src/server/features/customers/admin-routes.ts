import { Hono } from 'hono';
import {
  adminCustomerListQuery,
  CUSTOMER_MESSAGES,
  customerIdParams,
  sendCustomerEmailRequest,
  setCustomerRoleRequest,
} from '#shared/schemas/customers';
import { type AppEnv, actorOf } from '../../context';
import { notFound } from '../../platform/errors';
import { readJson, readQuery } from '../../validate';
import { requireAdmin } from '../accounts/guards';
import { sendCustomerEmail, setCustomerRole } from './customer-actions';
import { getCustomer, listCustomers } from './customers';

/** The customer an `:id` names; a malformed id answers like a missing one. */
function customerId(id: string | undefined): string {
  const params = customerIdParams.safeParse({ id });
  if (!params.success) throw notFound(CUSTOMER_MESSAGES.notFound);
  return params.data.id;
}

/** The admin's Customers section: search, details, messages and roles. */
export function adminCustomerRoutes() {
  return new Hono<AppEnv>()
    .get('/customers', async (c) => {
      requireAdmin(c);
      return c.json(await listCustomers(c.get('deps'), readQuery(c, adminCustomerListQuery)));
    })
    .get('/customers/:id', async (c) => {
      requireAdmin(c);
      return c.json({ customer: await getCustomer(c.get('deps'), customerId(c.req.param('id'))) });
    })
    .post('/customers/:id/email', async (c) => {
      const admin = requireAdmin(c);
      const id = customerId(c.req.param('id'));
      const input = await readJson(c, sendCustomerEmailRequest);
      return c.json({ message: await sendCustomerEmail(c.get('deps'), actorOf(admin), id, input) }, 201);
    })
    .post('/customers/:id/role', async (c) => {
      const admin = requireAdmin(c);
      const id = customerId(c.req.param('id'));
      const { role } = await readJson(c, setCustomerRoleRequest);
      return c.json({ customer: await setCustomerRole(c.get('deps'), actorOf(admin), id, role) });
    });
}
