import { CHANGES_CHANNEL, type Change } from './db/announce';
import type { Database } from './db/client';
import type { Logger } from './logger';

/** One subscriber of the committed changes heard by this process. */
export type ChangeSubscriber = {
  change(change: Change): void;
  /** Changes may have been missed (the database connection was lost and is back). */
  gap(): void;
  /** The process is shutting down: finish, so the client reconnects to another server. */
  close(): void;
};

/**
 * Every change announced on the database (db/announce.ts), by any server process, heard through
 * this process's one LISTEN connection (Database.listen) and handed to its subscribers: the live
 * streams of the pages connected here.
 */
export interface ChangeFeed {
  /** Resolves once listening; the returned function ends the subscription. */
  subscribe(subscriber: ChangeSubscriber): Promise<() => Promise<void>>;
  /**
   * Subscribes for the life of the process (a cache that must hear every change). A subscription
   * that fails, the database not answering as the process starts, is tried again with back-off
   * until it holds or the feed closes: it never rejects, and the process never dies of it.
   * Resolves true once listening, false when the feed closed first.
   */
  follow(subscriber: ChangeSubscriber): Promise<boolean>;
  /** Subscribers in this process. */
  readonly subscribers: number;
  /** Shutdown: closes every subscriber and refuses new ones. */
  close(): void;
}

export function createChangeFeed(database: Database, logger: Logger): ChangeFeed {
  const subscribers = new Set<ChangeSubscriber>();
  let closed = false;
  const feed: ChangeFeed = {
    async follow(subscriber) {
      for (let attempt = 0; !closed; attempt += 1) {
        try {
          await feed.subscribe(subscriber);
          return true;
        } catch (error) {
          if (closed) return false;
          const waitMs = Math.min(FOLLOW_RETRY_MAX_MS, FOLLOW_RETRY_MIN_MS * 2 ** attempt);
          logger.warn({ err: error, waitMs }, 'could not listen for changes; trying again');
          await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
        }
      }
      return false;
    },
    async subscribe(subscriber) {
      if (closed) throw new Error('the change feed is closed');
      const unlisten = await database.listen(CHANGES_CHANNEL, {
        onNotify(payload) {
          const change = parseChange(payload);
          if (change) subscriber.change(change);
          else logger.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed change announcement');
        },
        onGap: () => subscriber.gap(),
      });
      subscribers.add(subscriber);
      return async () => {
        subscribers.delete(subscriber);
        await unlisten();
      };
    },
    get subscribers() {
      return subscribers.size;
    },
    close() {
      closed = true;
      for (const subscriber of [...subscribers]) subscriber.close();
    },
  };
  return feed;
}

const FOLLOW_RETRY_MIN_MS = 250;
const FOLLOW_RETRY_MAX_MS = 10_000;

function parseChange(payload: string): Change | null {
  try {
    const value = JSON.parse(payload) as Partial<Change> | null;
    if (!value || typeof value.table !== 'string' || typeof value.id !== 'string') return null;
    if (typeof value.action !== 'string') return null;
    if (value.userId !== null && typeof value.userId !== 'string') return null;
    return value as Change;
  } catch {
    return null;
  }
}
