import { sql as pg } from 'kysely';
import { isAdminRole } from '#shared/constants';
import { LIVE_LIMITS, type LiveTopic } from '#shared/live';
import type { AppDeps, SessionUser } from '../../context';
import type { Change } from '../../platform/db/announce';
import { queries } from '../../platform/db/queries';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors';

const ADMIN_AREAS = ['orders', 'profiles', 'stock', 'notifications', 'settings'] as const;
type AdminArea = (typeof ADMIN_AREAS)[number];

export type Topic =
  | { name: LiveTopic; kind: 'my-orders' }
  | { name: LiveTopic; kind: 'order'; id: string }
  | { name: LiveTopic; kind: 'product'; id: string }
  | { name: LiveTopic; kind: 'admin'; area: AdminArea };

/** Who is watching, as of the last check: the session is checked again before every message. */
export type Viewer = { userId: string | null; sessionId: string | null; admin: boolean };

export const viewerOf = (user: SessionUser | null): Viewer => ({
  userId: user?.id ?? null,
  sessionId: user?.sessionId ?? null,
  admin: isAdminRole(user?.role),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `topics=my-orders,order:…` → topics; 400 for anything unknown. */
export function parseTopics(raw: string | undefined): Topic[] {
  const names = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) throw badRequest('Name at least one topic to follow.');
  if (names.length > LIVE_LIMITS.maxTopics) {
    throw badRequest(`Follow at most ${LIVE_LIMITS.maxTopics} topics on one connection.`);
  }
  return names.map((name): Topic => {
    if (name === 'my-orders') return { name, kind: 'my-orders' };
    const [kind, rest] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
    if (kind === 'order' && UUID.test(rest)) return { name, kind, id: rest.toLowerCase() };
    if (kind === 'product' && UUID.test(rest)) return { name, kind, id: rest.toLowerCase() };
    if (kind === 'admin' && (ADMIN_AREAS as readonly string[]).includes(rest)) {
      return { name, kind, area: rest as AdminArea };
    }
    throw badRequest(`Unknown topic: ${name.slice(0, 80)}`);
  });
}

/**
 * May this viewer follow these topics at all? Throws 401 (sign in first), 403 (admins only) or
 * 404 (an order that is not theirs, a product they cannot see: the same answer as the API's).
 */
export async function authorizeTopics(deps: Pick<AppDeps, 'database'>, viewer: Viewer, topics: Topic[]) {
  for (const topic of topics) {
    if (topic.kind === 'product') continue;
    if (!viewer.userId) throw unauthorized();
    if (topic.kind === 'admin' && !viewer.admin) throw forbidden();
  }
  const orderIds = topics.flatMap((topic) => (topic.kind === 'order' ? [topic.id] : []));
  if (orderIds.length > 0) {
    const { userId } = viewer;
    const readable = await queries(deps.database.sql)
      .selectFrom('orders')
      .select('id')
      .where((eb) => eb('id', '=', eb.fn.any(pg<string[]>`${orderIds}::uuid[]`)))
      // An admin reads any order; anyone else only their own.
      .$if(!viewer.admin, (orders) => orders.where('user_id', '=', userId))
      .execute();
    if (readable.length !== orderIds.length) throw notFound('Order not found');
  }
  const productIds = topics.flatMap((topic) => (topic.kind === 'product' ? [topic.id] : []));
  if (productIds.length > 0) {
    const visible = await visibleProducts(deps, viewer, productIds);
    if (visible.size !== productIds.length) throw notFound('Product not found');
  }
}

/** The products among `ids` this viewer may see: active ones, or any for an admin. */
export async function visibleProducts(
  deps: Pick<AppDeps, 'database'>,
  viewer: Viewer,
  ids: string[],
): Promise<Set<string>> {
  const rows = await queries(deps.database.sql)
    .selectFrom('products')
    .select('id')
    .where((eb) => eb('id', '=', eb.fn.any(pg<string[]>`${ids}::uuid[]`)))
    // An admin sees inactive products too.
    .$if(!viewer.admin, (products) => products.where((eb) => eb.ref('is_active')))
    .execute();
  return new Set(rows.map((row) => row.id));
}

const ORDER_TABLES = new Set(['orders', 'order_items', 'payment_transactions']);
const ADMIN_TABLES: Record<AdminArea, Set<string>> = {
  orders: ORDER_TABLES,
  profiles: new Set(['users']),
  stock: new Set(['product_variants']),
  notifications: new Set(['site_notifications']),
  settings: new Set(['settings', 'shipping_zones', 'shipping_methods']),
};

const orderIdOf = (change: Change): string | undefined =>
  change.table === 'orders' ? change.id : change.orderId;

/**
 * Whether this change belongs on this topic for this viewer: the right to read the row, decided
 * for every change. An order's change reaches its owner and admins only, whatever the topic says.
 */
export function concerns(topic: Topic, change: Change, viewer: Viewer): boolean {
  const ownsIt = change.userId !== null && viewer.userId !== null && change.userId === viewer.userId;
  switch (topic.kind) {
    case 'my-orders':
      return ORDER_TABLES.has(change.table) && ownsIt;
    case 'order':
      return ORDER_TABLES.has(change.table) && orderIdOf(change) === topic.id && (ownsIt || viewer.admin);
    case 'product':
      return (
        (change.table === 'products' && change.id === topic.id) ||
        (change.table === 'product_variants' && change.productId === topic.id) ||
        // An automatic offer started, ended or changed: any product's price may have moved.
        change.table === 'discounts'
      );
    case 'admin':
      return viewer.admin && ADMIN_TABLES[topic.area].has(change.table);
  }
}
