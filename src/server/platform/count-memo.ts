import type { ChangeFeed } from './change-feed';
import type { Change } from './db/announce';

/** Changes that may change how many products a listing counts. */
const COUNTED_TABLES = new Set<Change['table']>(['products', 'product_variants', 'settings']);

export type CountMemoOptions = {
  /** How long a count lives without any announced change (bounds what changes with time alone). */
  maxAgeMs?: number;
  /** Counts kept at most (one per listing filter), the oldest first out. */
  maxEntries?: number;
  now?: () => number;
};

/**
 * The listings' totals ("Showing 1-20 of 9,840"), kept in this process's memory per filter and
 * dropped by every announced catalogue change (products, stock, settings; announced
 * from the changing transaction and heard by every process through Database.listen). Counting
 * is the one part of a listing that grows with the catalogue: the page itself reads 20 rows at
 * any size. A count that was being made while a change was heard is returned but not kept; until
 * the memo listens (and after the feed closes) nothing is kept.
 */
export interface CountMemo {
  get(key: string, count: () => Promise<number>): Promise<number>;
  /** Resolves once the memo hears changes (or never will: then it keeps nothing). */
  readonly ready: Promise<void>;
}

export function createCountMemo(changes: ChangeFeed, options: CountMemoOptions = {}): CountMemo {
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { total: number; expires: number }>();
  let generation = 0;
  let listening = false;
  const clear = () => {
    generation += 1;
    kept.clear();
  };
  const ready = changes
    .follow({
      change(change) {
        if (COUNTED_TABLES.has(change.table)) clear();
      },
      // Changes may have been missed while the connection was down.
      gap: clear,
      close() {
        listening = false;
        clear();
      },
    })
    .then((heard) => {
      listening = heard;
    });

  return {
    ready,
    async get(key, count) {
      const hit = kept.get(key);
      if (hit && hit.expires > now()) return hit.total;
      const started = generation;
      const total = await count();
      if (listening && started === generation) {
        kept.delete(key);
        kept.set(key, { total, expires: now() + maxAgeMs });
        if (kept.size > maxEntries) {
          const oldest = kept.keys().next().value;
          if (oldest !== undefined) kept.delete(oldest);
        }
      }
      return total;
    },
  };
}
