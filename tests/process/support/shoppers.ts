import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../../../src/server/platform/db/client';
import type { ShopProcess } from './shop-process';

/**
 * Signed-in accounts written straight to the database: the user, and a session with the cookie
 * Better Auth would have set (the token signed with the shop's key, HMAC-SHA256, as better-call
 * signs cookies). Signing hundreds of people in through the API would spend minutes in the
 * deliberately slow password hashing; the session is what the rest of each request relies on.
 */
export async function createBuyers(
  database: Database,
  count: number,
  prefix: string,
): Promise<Array<{ email: string; cookie: string }>> {
  const [secret] = await database.sql.query<{ value: string }>(
    `SELECT value FROM server_secrets WHERE name = 'auth'`,
  );
  return database.transaction(async (sql) => {
    const buyers: Array<{ email: string; cookie: string }> = [];
    for (let i = 0; i < count; i++) {
      const email = `${prefix}-${i}@example.test`;
      const [user] = await sql.query<{ id: string }>(
        `INSERT INTO users (email, email_verified, name, first_name, last_name, role)
         VALUES ($1, true, 'Ada Obi', 'Ada', 'Obi', 'customer') RETURNING id`,
        [email],
      );
      const token = randomBytes(24).toString('base64url');
      await sql.query(
        `INSERT INTO sessions (user_id, token, expires_at) VALUES ($1, $2, now() + interval '7 days')`,
        [user!.id, token],
      );
      const signature = createHmac('sha256', secret!.value).update(token).digest('base64');
      buyers.push({ email, cookie: `naija.session_token=${encodeURIComponent(`${token}.${signature}`)}` });
    }
    return buyers;
  });
}

/** Calls a shop process's API over loopback as a browser on the same origin would. */
export async function call(
  shop: Pick<ShopProcess, 'port'>,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string },
) {
  const origin = `http://127.0.0.1:${shop.port}`;
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

export async function stockOf(database: Database, variantId: string): Promise<number> {
  const [row] = await database.sql.query<{ stock_quantity: number }>(
    'SELECT stock_quantity FROM product_variants WHERE id = $1',
    [variantId],
  );
  return row!.stock_quantity;
}

/** Reads until `done` holds, or fails naming what it waited for and what it last saw. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 20_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
