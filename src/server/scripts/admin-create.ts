/**
 * Creates a confirmed admin, or promotes an existing account:
 *   npm run admin:create -- <email> [--password <pw>] [--super]
 * Uses the same configuration as the server (DATABASE_URL or the local PGlite data folder).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createOrPromoteAdmin } from '../features/accounts/shop-created-accounts';
import { runScript } from './run-script';

const USAGE = 'Usage: npm run admin:create -- <email> [--password <password>] [--super]';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { password: { type: 'string' }, super: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const email = z.email().safeParse(positionals[0]?.trim());
if (positionals.length !== 1 || !email.success) {
  console.error(USAGE);
  process.exit(2);
}

runScript(async (deps) => {
  const result = await createOrPromoteAdmin(deps, {
    email: email.data,
    password: values.password,
    superAdmin: values.super,
  });
  const role = result.role === 'super_admin' ? 'super admin' : 'admin';
  console.log(result.created ? `Created ${role} ${result.email}.` : `${result.email} is now ${role}.`);
  if (result.password) console.log(`Password (shown once): ${result.password}`);
  else if (values.password) console.log('Password set; the account was signed out everywhere.');
  return 0;
});
