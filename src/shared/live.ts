/**
 * Live updates: the topics a page can follow on `GET /api/live?topics=…` (Server-Sent Events) and
 * the messages it receives. A message says what changed, never the data: the page reads it again
 * through the normal API, where the usual access rules apply.
 */

export const LIVE_PATH = '/api/live';

export const liveTopics = {
  /** The signed-in shopper's own orders (and their items and payments). */
  myOrders: 'my-orders',
  /** One order: its owner, or an admin. */
  order: (orderId: string) => `order:${orderId}`,
  /** A product's stock and release (drops); anyone who can see the product. */
  product: (productId: string) => `product:${productId}`,
  /** Admins only: every order, order item and payment. */
  adminOrders: 'admin:orders',
  /** Admins only: customer profiles (sign-ups, confirmations, edits, roles). */
  adminProfiles: 'admin:profiles',
  /** Admins only: every variant's stock. */
  adminStock: 'admin:stock',
  /** Admins only: site notifications. */
  adminNotifications: 'admin:notifications',
  /** Admins only: named settings (out of stock, store) and shipping methods. */
  adminSettings: 'admin:settings',
} as const;

export type LiveTopic = string;

/** The limits of one connection. */
export const LIVE_LIMITS = {
  /** Topics one connection may follow. */
  maxTopics: 20,
  /** Messages one connection receives per second, at most: changes in between are merged. */
  messagesPerSecond: 10,
} as const;

/** One change in a message: which of the followed topics it concerns, and the row's id. */
export type LiveChange = { topic: LiveTopic; table: string; id: string; action: string };

/**
 * The `change` event's data. `topics` lists every followed topic with something new; `resync`
 * says changes may have been missed (a reconnect), so everything followed should be read again.
 */
export type LiveMessage = { topics: LiveTopic[]; changes: LiveChange[]; resync?: boolean };

/** The `end` event's data: the server will not send more on this connection (do not reconnect). */
export type LiveEnd = { reason: 'signed-out' | 'forbidden' };
