import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { ChangeFeed } from '../change-feed';
import type { Change } from '../db/announce';
import { FRESH_UNTIL_HEADER, SERVER_TIME_HEADER } from './cache-headers';
import { pickEncoding } from './compress';
import { requestIdFor } from './static-files';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The header a renderer sets on a page that is the same for every anonymous visitor (catalogue
 * pages). The cache strips it; without it a page is never cached.
 */
export const PUBLIC_PAGE_HEADER = 'x-shop-public-page';

/** Changes that no anonymous page shows: orders, payments and profiles. */
const PRIVATE_TABLES = new Set<Change['table']>(['orders', 'order_items', 'payment_transactions', 'users']);

/**
 * Keys that show one product alone (its page, its JSON): a change to another product leaves them
 * cached. Every other key (home, listings, search) may show any product and goes with any change.
 */
const ONE_PRODUCT_KEY = /^\/(?:product|api\/products)\/([0-9a-f-]{36})(?:[/?]|$)/i;
const productOfKey = (key: string): string | null => ONE_PRODUCT_KEY.exec(key)?.[1]?.toLowerCase() ?? null;

/** The product a catalogue change concerns, when it concerns one product only. */
function productOfChange(change: Change): string | null {
  if (change.table === 'products') return change.id.toLowerCase();
  if (change.table === 'product_variants' && change.productId) return change.productId.toLowerCase();
  return null;
}

/** Signed in (or holding an old session cookie): always rendered, never cached (see resolveSession). */
const hasSession = (cookie: string | undefined) => cookie?.includes('session_token=') ?? false;

type Entry = {
  key: string;
  status: number;
  headers: [string, string][];
  etag: string;
  /** The one product this key shows (see ONE_PRODUCT_KEY), or null when it may show any. */
  productId: string | null;
  identity: Buffer;
  /** Compressed on first demand, once, then kept: a page nobody asks twice costs no compression. */
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
  /** The compressed forms once made, for answers that cannot wait (serveNode). */
  made: { gzip?: Buffer; br?: Buffer };
  bytes: number;
  expires: number;
};

export type PageCacheOptions = {
  /** Upper bound of what the cache keeps (bodies, gzip and Brotli), least recently used first out. */
  maxBytes?: number;
  /**
   * How long an entry lives without any announced change. Announcements clear the cache at once;
   * this only bounds what changes with time alone (a notification's start date, "new" arrivals).
   */
  maxAgeMs?: number;
  /**
   * How long after a change a page may still be answered as it was, to visitors who arrive while
   * its new rendering is on its way (see `staleFor`).
   */
  staleMs?: number;
};

export interface PageCache {
  /** Wraps the page renderer: anonymous catalogue pages come from memory, compressed once. */
  wrap(render: MiddlewareHandler): MiddlewareHandler;
  /**
   * Middleware for API routes whose every successful answer is the same for all anonymous
   * visitors (the catalogue's JSON): kept like a page.
   */
  shared(): MiddlewareHandler;
  /** Resolves once the cache hears changes; it serves nothing before (and after close). */
  readonly ready: Promise<void>;
  readonly stats: {
    hits: number;
    misses: number;
    /** Answers of a page as it was, while its new rendering was on its way. */
    stale: number;
    entries: number;
    bytes: number;
    clears: number;
  };
  clear(): void;
  /**
   * Answers a page kept here straight on Node's objects, before the app sees the request: a GET by
   * a visitor without a session, for exactly a key the app would keep (its path and query as the
   * app writes them), while fresh and in the encoding asked for. `headers` (name, value, …) are
   * those the app's middleware adds to every answer. Null when it is not answered here: the app
   * then answers as always (and renders, compresses or waits where needed).
   */
  serveNode(
    req: IncomingMessage,
    res: ServerResponse,
    headers: readonly string[],
  ): { status: number; requestId: string } | null;
  /** Whether serveNode would answer this request now (it may not a moment later: a change). */
  canServe(req: IncomingMessage): boolean;
}

/** Headers an answer from memory sets itself: a kept page's own of these names are left out. */
const ANSWER_OWN = new Set([
  'etag',
  'vary',
  'content-encoding',
  'content-length',
  SERVER_TIME_HEADER.toLowerCase(),
]);

/**
 * Rendered pages kept in this process's memory for anonymous visitors, cleared by every announced
 * change a page could show (products, stock, notifications…; announced from the changing
 * transaction, heard by every process through Database.listen), so a change shows at once.
 * A render that was running while a change was heard is served to its waiters but not kept.
 *
 * A page is rendered again by the first visitor after a change, who waits for it. Visitors who
 * arrive while that rendering is on its way are answered the page as it was (for at most
 * `staleMs` after the change), instead of each waiting for it: on drop day every sale changes the
 * product's page while hundreds read it. Once the new page is kept, the old one is never answered
 * again. A rendering overtaken by a later change is its own visitors' answer and, if nothing
 * newer has been answered, the page as it was for the next rendering. Only pages: the catalogue's
 * JSON, which an open page reads again when told of a change, is always the new one.
 */
export function createPageCache(changes: ChangeFeed, options: PageCacheOptions = {}): PageCache {
  const maxBytes = options.maxBytes ?? 24 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const staleMs = options.staleMs ?? 1_000;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | Response>>();
  /**
   * Pages as they were before a change, each with the time it became out of date (at the latest).
   * An entry leaves once it is past that moment, once a newer rendering of it ends, or with a gap.
   */
  const stale = new Map<string, { entry: Entry; since: number }>();
  /**
   * Renderings are numbered as they start. For each key with a rendering on its way: how many are,
   * and the highest number of those that ended, so a slow rendering that ends after a newer one
   * can never be answered as the old page. `floor`: renderings at or below it started before a gap
   * and are never the old page.
   */
  let renderings = 0;
  let floor = 0;
  const flights = new Map<string, { open: number; ended: number }>();
  const stats = { hits: 0, misses: 0, stale: 0, entries: 0, bytes: 0, clears: 0 };
  // A render keeps its result only if nothing it may show changed while it ran: `epoch` counts the
  // changes that concern every page, `keyEpochs` those that concern some pages only (one
  // product's), so a sale of one product does not throw away renders of the others.
  let epoch = 0;
  const keyEpochs = new Map<string, number>();
  const epochOf = (key: string) => `${epoch}.${keyEpochs.get(key) ?? 0}`;
  let listening = false;

  /**
   * Old pages past their moment are let go by a timer while any is held. `stale` is mostly in the
   * order they went out of date (see outdated), so this stops at the first one still answerable;
   * one held a little longer than its moment is never answered (see staleFor).
   */
  const forgetStale = (now: number) => {
    for (const [key, old] of stale) {
      if (now - old.since <= staleMs) break;
      stale.delete(key);
    }
  };
  let sweep: NodeJS.Timeout | null = null;
  const sweepLater = () => {
    if (sweep || stale.size === 0) return;
    sweep = setTimeout(() => {
      sweep = null;
      forgetStale(Date.now());
      sweepLater();
    }, staleMs + 1);
    sweep.unref();
  };
  /** A page no longer kept, answerable as it was for a moment (pages only, see staleFor). */
  const outdated = (entry: Entry, since: number) => {
    if (entry.key.startsWith('/api/')) return;
    stale.delete(entry.key);
    stale.set(entry.key, { entry, since });
    sweepLater();
  };
  /**
   * The page as it was, for a visitor who arrives while its new rendering is on its way: never
   * once that rendering is kept, nor past `staleMs` after the change, nor past its own time.
   */
  const staleFor = (key: string): Entry | null => {
    if (!rendering.has(key)) return null;
    const old = stale.get(key);
    const now = Date.now();
    return old && now - old.since <= staleMs && old.entry.expires > now ? old.entry : null;
  };

  /** A rendering starts: its number. */
  const begin = (key: string): number => {
    renderings += 1;
    const flight = flights.get(key);
    if (flight) flight.open += 1;
    else flights.set(key, { open: 1, ended: 0 });
    return renderings;
  };
  /**
   * A rendering ends, with the page it made for everyone (null when it made none: failed, gone,
   * private), kept or not. Only the newest rendering to end decides the old page: a kept page ends
   * it, a page out of date on arrival (overtaken by a change) becomes it, counted from the
   * rendering's start, and no page for everyone ends it too.
   */
  const end = (key: string, seq: number, made: Entry | null, kept: boolean, startedAt: number) => {
    const flight = flights.get(key)!;
    flight.open -= 1;
    const newest = seq > flight.ended && seq > floor;
    flight.ended = Math.max(flight.ended, seq);
    if (flight.open === 0) flights.delete(key);
    if (!newest) return;
    if (!kept && made && made.expires > Date.now()) outdated(made, startedAt);
    else stale.delete(key);
  };

  const clear = (keepOld = true) => {
    const now = Date.now();
    if (keepOld) for (const entry of entries.values()) outdated(entry, now);
    else {
      stale.clear();
      floor = renderings;
    }
    epoch += 1;
    keyEpochs.clear();
    entries.clear();
    rendering.clear();
    stats.entries = 0;
    stats.bytes = 0;
    stats.clears += 1;
  };
  /**
   * A change to one product: its own pages and every page that may list it go; other products'
   * pages stay (on drop day, each sale of the drop leaves the rest of the shop cached). Renders
   * in flight are not kept, whatever they show.
   */
  const clearProduct = (productId: string) => {
    const concerns = (key: string) => {
      const shown = productOfKey(key);
      return shown === null || shown === productId;
    };
    const now = Date.now();
    for (const [key, entry] of entries) {
      if (!concerns(key)) continue;
      entries.delete(key);
      stats.bytes -= entry.bytes;
      outdated(entry, now);
    }
    for (const key of rendering.keys()) {
      if (!concerns(key)) continue;
      keyEpochs.set(key, (keyEpochs.get(key) ?? 0) + 1);
      rendering.delete(key);
    }
    stats.entries = entries.size;
    stats.clears += 1;
  };
  const ready = changes
    .follow({
      change(change) {
        if (PRIVATE_TABLES.has(change.table)) return;
        const productId = productOfChange(change);
        if (productId) clearProduct(productId);
        else clear();
      },
      // Changes may have been missed while the connection was down: no page as it was, either.
      gap: () => clear(false),
      close() {
        listening = false;
        clear(false);
      },
    })
    .then((heard) => {
      listening = heard;
    });

  const store = (key: string, entry: Entry) => {
    entries.set(key, entry);
    stats.bytes += entry.bytes;
    for (const [oldKey, old] of entries) {
      if (stats.bytes <= maxBytes) break;
      entries.delete(oldKey);
      stats.bytes -= old.bytes;
    }
    stats.entries = entries.size;
  };

  const compressed = (entry: Entry, encoding: 'br' | 'gzip'): Promise<Buffer> => {
    let body = entry[encoding];
    if (!body) {
      body =
        encoding === 'gzip'
          ? gzipAsync(entry.identity, { level: 6 })
          : brotliAsync(entry.identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 6,
                [constants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length,
              },
            });
      entry[encoding] = body;
      void body.then(
        (bytes) => {
          entry.made[encoding] = bytes;
          entry.bytes += bytes.length;
          if (entries.get(entry.key) === entry) stats.bytes += bytes.length;
        },
        () => {},
      );
    }
    return body;
  };

  /**
   * Renders a page and keeps it if it may be: if nothing it may show changed while it ran, the
   * cache hears changes, and its time is not up. Its visitors get it either way.
   */
  const renderEntry = async (
    render: MiddlewareHandler,
    c: Parameters<MiddlewareHandler>[0],
    next: Parameters<MiddlewareHandler>[1],
    key: string,
  ): Promise<Entry | Response> => {
    const started = epochOf(key);
    const startedAt = Date.now();
    const seq = begin(key);
    let made: Entry | null = null;
    let kept = false;
    try {
      const response = (await render(c, next)) ?? c.res;
      const freshUntil = Number(response.headers.get(FRESH_UNTIL_HEADER) ?? Number.POSITIVE_INFINITY);
      response.headers.delete(FRESH_UNTIL_HEADER);
      if (
        response.status !== 200 ||
        response.headers.get(PUBLIC_PAGE_HEADER) === null ||
        response.headers.has('set-cookie')
      ) {
        response.headers.delete(PUBLIC_PAGE_HEADER);
        return response;
      }
      const identity = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(
        ([name]) => name !== PUBLIC_PAGE_HEADER && name !== 'content-length' && name !== 'x-request-id',
      );
      const entry: Entry = {
        key,
        status: response.status,
        headers,
        etag: `W/"p${started}-${identity.length.toString(36)}-${hash(identity)}"`,
        productId: productOfKey(key),
        identity,
        made: {},
        bytes: identity.length,
        expires: Math.min(Date.now() + maxAgeMs, freshUntil),
      };
      // The new page is first made in every encoding the old one was answered in, so the visitors
      // who were answered from memory ahead of the app still are, whether it is kept or becomes
      // the old page itself.
      const old = stale.get(key)?.entry;
      if (old) {
        await Promise.allSettled(
          (['br', 'gzip'] as const)
            .filter((encoding) => old.made[encoding])
            .map((encoding) => compressed(entry, encoding)),
        );
      }
      made = entry;
      if (listening && epochOf(key) === started && entry.expires > Date.now()) {
        store(key, entry);
        kept = true;
      }
      return entry;
    } finally {
      end(key, seq, made, kept, startedAt);
    }
  };

  const wrap = (render: MiddlewareHandler): MiddlewareHandler => {
    return async (c, next) => {
      if (c.req.method !== 'GET' || !listening || hasSession(c.req.header('cookie'))) {
        const response = await render(c, next);
        response?.headers.delete(PUBLIC_PAGE_HEADER);
        response?.headers.delete(FRESH_UNTIL_HEADER);
        return response;
      }
      const url = new URL(c.req.url);
      const key = url.pathname + url.search;
      let entry: Entry | Response | undefined = entries.get(key);
      if (entry && entry.expires <= Date.now()) {
        entries.delete(key);
        stats.bytes -= entry.bytes;
        stats.entries = entries.size;
        entry = undefined;
      }
      if (entry) {
        // Recently used last, so the oldest unused pages leave first.
        entries.delete(key);
        entries.set(key, entry);
        stats.hits += 1;
      } else {
        const old = staleFor(key);
        if (old) {
          stats.stale += 1;
          return respond(old, c.req.header('accept-encoding'), c.req.header('if-none-match'), compressed);
        }
        stats.misses += 1;
        let flight = rendering.get(key);
        if (!flight) {
          const mine: Promise<Entry | Response> = renderEntry(render, c, next, key).finally(() => {
            if (rendering.get(key) === mine) rendering.delete(key);
          });
          flight = mine;
          rendering.set(key, flight);
          entry = await flight;
          if (entry instanceof Response) return entry;
        } else {
          entry = await flight;
          // Not a cacheable page after all: this visitor gets their own render.
          if (entry instanceof Response) return render(c, next);
        }
      }
      return respond(entry, c.req.header('accept-encoding'), c.req.header('if-none-match'), compressed);
    };
  };

  /** The answer serveNode would give now, if it would. */
  const nodeAnswer = (req: IncomingMessage) => {
    const key = req.url ?? '';
    if (req.method !== 'GET' || !listening || key.charAt(0) !== '/' || key.startsWith('/api/')) return null;
    if (hasSession(req.headers.cookie)) return null;
    let entry: Entry | null | undefined = entries.get(key);
    const fresh = entry !== undefined && entry.expires > Date.now();
    if (!fresh) entry = staleFor(key);
    if (!entry) return null;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = encoding ? entry.made[encoding] : entry.identity;
    return body ? { key, entry, fresh, encoding, body } : null;
  };

  const serveNode: PageCache['serveNode'] = (req, res, extra) => {
    const answer = nodeAnswer(req);
    if (!answer) return null;
    const { key, entry, fresh, encoding, body } = answer;
    if (fresh) {
      entries.delete(key);
      entries.set(key, entry);
      stats.hits += 1;
    } else {
      stats.stale += 1;
    }
    const requestId = requestIdFor(req.headers['x-request-id']);
    const flat = [...extra, 'x-request-id', requestId];
    for (const [name, value] of entry.headers) if (!ANSWER_OWN.has(name)) flat.push(name, value);
    flat.push('etag', entry.etag, SERVER_TIME_HEADER, new Date().toISOString(), 'vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, flat);
      res.end();
      return { status: 304, requestId };
    }
    if (encoding) flat.push('content-encoding', encoding);
    flat.push('content-length', String(body.length));
    res.writeHead(entry.status, flat);
    res.end(body);
    return { status: entry.status, requestId };
  };

  return {
    ready,
    stats,
    clear: () => clear(false),
    wrap,
    serveNode,
    canServe: (req) => nodeAnswer(req) !== null,
    shared() {
      const handler = wrap(async (c, next) => {
        await next();
        const response = new Response(c.res.body, c.res);
        if (response.status === 200) response.headers.set(PUBLIC_PAGE_HEADER, '1');
        return response;
      });
      return async (c, next) => {
        const response = await handler(c, next);
        if (!response) return;
        // Served from memory: the route never ran.
        if (!c.finalized) return response;
        // The route ran: its answer replaces the one Hono holds, with this body's own length and
        // encoding (Hono copies the old answer's headers over).
        const encoding = response.headers.get('content-encoding');
        const length = response.headers.get('content-length');
        c.res = response;
        c.res.headers.delete(PUBLIC_PAGE_HEADER);
        c.res.headers.delete(FRESH_UNTIL_HEADER);
        if (encoding) c.res.headers.set('content-encoding', encoding);
        else c.res.headers.delete('content-encoding');
        if (length) c.res.headers.set('content-length', length);
        else c.res.headers.delete('content-length');
      };
    },
  };
}

async function respond(
  entry: Entry,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
  compressed: (entry: Entry, encoding: 'br' | 'gzip') => Promise<Buffer>,
): Promise<Response> {
  const headers = new Headers(entry.headers);
  headers.set('etag', entry.etag);
  headers.set(SERVER_TIME_HEADER, new Date().toISOString());
  headers.set('vary', 'Accept-Encoding');
  if (ifNoneMatch === entry.etag) return new Response(null, { status: 304, headers });
  const encoding = pickEncoding(acceptEncoding);
  const body = encoding ? await compressed(entry, encoding) : entry.identity;
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.length));
  // A Buffer is a Uint8Array; sent as it is, without a copy.
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: entry.status,
    headers,
  });
}

/** A short content hash for the ETag (FNV-1a over the body). */
function hash(bytes: Buffer): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < bytes.length; index += 1) {
    value ^= bytes[index]!;
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(36);
}
