import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** One subscriber of a NOTIFY channel in this process. */
export type NotificationListener = {
  /** The payload of one notification, delivered after the announcing transaction committed. */
  onNotify(payload: string): void;
  /**
   * The LISTEN connection was lost and is back: notifications sent meanwhile were missed, so
   * whatever the subscriber shows must be read again.
   */
  onGap?(): void;
};

/** Stops one subscription; the last one of a channel stops listening to it. */
export type Unlisten = () => Promise<void>;

export interface Listener {
  listen(channel: string, listener: NotificationListener): Promise<Unlisten>;
  /** Subscribers in this process, over every channel. */
  readonly size: number;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  return channel;
}

/**
 * The subscribers of each channel in this process. The database holds one LISTEN per channel per
 * process, whatever the number of subscribers; this hands each notification to all of them.
 */
class Fanout {
  private readonly channels = new Map<string, Set<NotificationListener>>();

  /** True when this is the channel's first subscriber (the channel must be listened to). */
  add(channel: string, listener: NotificationListener): boolean {
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(listener);
    return first;
  }

  /** True when that was the channel's last subscriber. */
  remove(channel: string, listener: NotificationListener): boolean {
    const set = this.channels.get(channel);
    if (!set?.delete(listener)) return false;
    if (set.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  has(channel: string): boolean {
    return this.channels.has(channel);
  }

  names(): string[] {
    return [...this.channels.keys()];
  }

  get size(): number {
    let total = 0;
    for (const set of this.channels.values()) total += set.size;
    return total;
  }

  deliver(channel: string, payload: string) {
    for (const listener of [...(this.channels.get(channel) ?? [])]) {
      try {
        listener.onNotify(payload);
      } catch {
        // One subscriber's failure must not keep the notification from the others.
      }
    }
  }

  gap() {
    for (const set of this.channels.values()) {
      for (const listener of [...set]) {
        try {
          listener.onGap?.();
        } catch {
          // as above
        }
      }
    }
  }
}

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export type PostgresListenerOptions = {
  /** How often the connection is asked a question to prove it still answers. */
  checkEveryMs?: number;
  /** A check, a connection attempt or a LISTEN not answered within this means the connection is dead. */
  timeoutMs?: number;
};

/** Rejects after `ms` unless `promise` settles first. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * PostgreSQL: one dedicated connection per process (outside the pool, where a LISTEN would be
 * lost when the connection is handed to someone else), opened on first use. When it drops (a
 * server restart, a failover, a terminated backend) it reconnects with back-off for as long as
 * anyone listens, and tells every subscriber about the gap.
 *
 * A connection can also die without closing: after a failover or a network change the old
 * server or a NAT box may vanish without a reset, and the socket then waits for notifications that
 * never come (TCP keep-alive notices only after the operating system's defaults, 2 hours and
 * more). So the connection is asked `SELECT 1` every `checkEveryMs`; one not answered within
 * `timeoutMs` is destroyed and replaced like one that closed, with a gap reported.
 */
export function createPostgresListener(url: string, options: PostgresListenerOptions = {}): Listener {
  const checkEveryMs = options.checkEveryMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const fanout = new Fanout();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let attempt = 0;
  let closed = false;
  let checking = false;

  /** Gives up on a connection that no longer answers: the next one replaces it. */
  const abandon = (dead: pg.Client) => {
    if (client !== dead) return;
    client = null;
    // end() destroys the socket when a query is still waiting for its answer, as the check is.
    void dead.end().catch(() => {});
    scheduleReconnect();
  };

  const check = async () => {
    const current = client;
    if (!current || checking || closed) return;
    checking = true;
    try {
      await within(current.query('SELECT 1'), timeoutMs, 'the LISTEN connection check');
    } catch {
      abandon(current);
    } finally {
      checking = false;
    }
  };
  const checker = setInterval(() => void check(), checkEveryMs);
  checker.unref();

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: checkEveryMs,
      connectionTimeoutMillis: timeoutMs,
      application_name: 'shop-listen',
    });
    // A broken connection emits 'error' and then 'end'; 'end' is where it is replaced.
    next.on('error', () => {});
    next.on('notification', (message) => {
      if (message.payload !== undefined) fanout.deliver(message.channel, message.payload);
    });
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      scheduleReconnect();
    });
    try {
      await next.connect();
      for (const channel of fanout.names()) {
        await within(next.query(`LISTEN ${checkChannel(channel)}`), timeoutMs, 'LISTEN');
      }
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw error;
    }
    return next;
  };

  const ensure = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    if (closed) return Promise.reject(new Error('the database is closed'));
    connecting ??= connect().then(
      (next) => {
        connecting = null;
        if (closed) {
          void next.end().catch(() => {});
          throw new Error('the database is closed');
        }
        client = next;
        attempt = 0;
        return next;
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    );
    return connecting;
  };

  const scheduleReconnect = () => {
    if (closed || retry || fanout.size === 0) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      ensure().then(
        () => fanout.gap(),
        () => scheduleReconnect(),
      );
    }, delay);
    retry.unref();
  };

  return {
    async listen(channel, listener) {
      checkChannel(channel);
      const first = fanout.add(channel, listener);
      try {
        const connection = await ensure();
        // LISTEN is idempotent, so a channel listened to while connecting is harmless.
        if (first) {
          await within(connection.query(`LISTEN ${channel}`), timeoutMs, 'LISTEN').catch((error) => {
            abandon(connection);
            throw error;
          });
        }
      } catch (error) {
        if (fanout.remove(channel, listener)) scheduleReconnect();
        throw error;
      }
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        if (fanout.remove(channel, listener) && client) {
          await within(client.query(`UNLISTEN ${channel}`), timeoutMs, 'UNLISTEN').catch(() => {});
        }
      };
    },
    get size() {
      return fanout.size;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(checker);
      const current = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      // A connection that stopped answering would never acknowledge the goodbye.
      if (current) await within(current.end(), timeoutMs, 'closing').catch(() => {});
    },
  };
}

/**
 * PGlite: the database lives in this process, so its own LISTEN does the same job; one
 * registration per channel, fanned out like on PostgreSQL.
 */
export function createPgliteListener(database: Pick<PGlite, 'listen'>): Listener {
  const fanout = new Fanout();
  const registrations = new Map<string, Promise<() => Promise<void>>>();
  return {
    async listen(channel, listener) {
      checkChannel(channel);
      if (fanout.add(channel, listener)) {
        registrations.set(
          channel,
          database.listen(channel, (payload) => fanout.deliver(channel, payload)),
        );
      }
      try {
        await registrations.get(channel);
      } catch (error) {
        if (fanout.remove(channel, listener)) registrations.delete(channel);
        throw error;
      }
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        if (!fanout.remove(channel, listener)) return;
        const registration = registrations.get(channel);
        registrations.delete(channel);
        const unlisten = await registration?.catch(() => null);
        // A new subscriber may have come meanwhile and registered again: only ours goes.
        await unlisten?.().catch(() => {});
      };
    },
    get size() {
      return fanout.size;
    },
    async close() {
      registrations.clear();
    },
  };
}
