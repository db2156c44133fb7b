import type { SSEStreamingApi } from 'hono/streaming';
import { isAdminRole } from '#shared/constants';
import { LIVE_LIMITS, type LiveChange, type LiveEnd, type LiveMessage } from '#shared/live';
import type { AppDeps } from '../../context';
import type { ChangeSubscriber } from '../../platform/change-feed';
import type { Change } from '../../platform/db/announce';
import { activeSessionRole } from '../accounts/sessions';
import { concerns, type Topic, type Viewer, visibleProducts } from './topics';

export type LiveOptions = {
  /** Quiet time between two messages (default: a little over 1/10 s, so never more than 10 a second). */
  minIntervalMs?: number;
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs?: number;
};

const DEFAULT_INTERVAL_MS = Math.ceil(1000 / LIVE_LIMITS.messagesPerSecond) + 10;
const DEFAULT_HEARTBEAT_MS = 25_000;
/** Changes listed in one message; past that the message names only the topics. */
const MAX_CHANGES = 200;
/** How long the browser waits before reconnecting after the stream ends. */
export const RETRY_MS = 2_000;

/**
 * One page's live stream. Changes heard by this process are kept only if they concern a followed
 * topic for this viewer, merged, and sent at most every `minIntervalMs`; before each message the
 * session is checked again (a session that ended gets an `end` event instead) and every change
 * is checked again against the viewer's right to read its row.
 */
export class LiveConnection implements ChangeSubscriber {
  private readonly pending = new Map<string, { topic: Topic; change: Change }>();
  private readonly overflow = new Set<string>();
  private resync = false;
  private stream: SSEStreamingApi | null = null;
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private lastSent = 0;
  private flushing = false;
  private finished = false;
  private resolveDone: () => void = () => {};
  private readonly minIntervalMs: number;
  private readonly heartbeatMs: number;
  /** Settles when the stream is over (client gone, session ended, server shutting down). */
  readonly done = new Promise<void>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'logger'>,
    private readonly viewer: Viewer,
    private readonly topics: Topic[],
    options: LiveOptions = {},
  ) {
    this.minIntervalMs = options.minIntervalMs ?? DEFAULT_INTERVAL_MS;
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  }

  change(change: Change) {
    if (this.finished) return;
    for (const topic of this.topics) {
      if (!concerns(topic, change, this.viewer)) continue;
      const key = `${topic.name}|${change.table}|${change.id}`;
      if (this.pending.has(key) || this.pending.size < MAX_CHANGES) this.pending.set(key, { topic, change });
      else this.overflow.add(topic.name);
    }
    this.schedule();
  }

  gap() {
    this.resync = true;
    this.schedule();
  }

  close() {
    this.finish();
  }

  /** Starts writing to the response; `resume` (a reconnect) asks the page to read everything again. */
  attach(stream: SSEStreamingApi, resume: boolean) {
    this.stream = stream;
    if (resume) this.resync = true;
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.schedule();
  }

  finish() {
    if (this.finished) return;
    this.finished = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    this.resolveDone();
  }

  private get hasNews() {
    return this.resync || this.pending.size > 0 || this.overflow.size > 0;
  }

  private schedule() {
    if (this.finished || !this.stream || this.timer || this.flushing || !this.hasNews) return;
    const wait = Math.max(0, this.lastSent + this.minIntervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private async flush() {
    this.flushing = true;
    try {
      if (!(await this.stillAllowed())) return;
      const resync = this.resync;
      const entries = [...this.pending.values()];
      const overflow = [...this.overflow];
      this.resync = false;
      this.pending.clear();
      this.overflow.clear();

      const productIds = [
        ...new Set(entries.flatMap(({ topic }) => (topic.kind === 'product' ? [topic.id] : []))),
      ];
      const visible =
        productIds.length > 0 ? await visibleProducts(this.deps, this.viewer, productIds) : null;
      const changes: LiveChange[] = entries
        .filter(({ topic, change }) => concerns(topic, change, this.viewer))
        .filter(({ topic }) => topic.kind !== 'product' || visible?.has(topic.id))
        .map(({ topic, change }) => ({
          topic: topic.name,
          table: change.table,
          id: change.id,
          action: change.action,
        }));
      const topics = resync
        ? this.topics.map((topic) => topic.name)
        : [...new Set([...changes.map((change) => change.topic), ...overflow])];
      if (topics.length === 0) return;
      const message: LiveMessage = { topics, changes, ...(resync ? { resync: true } : {}) };
      this.lastSent = Date.now();
      await this.stream!.writeSSE({
        event: 'change',
        id: String(this.lastSent),
        data: JSON.stringify(message),
      });
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'live stream stopped');
      this.finish();
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }

  /** The session is checked again, without counting as activity; false once the stream has ended. */
  private async stillAllowed(): Promise<boolean> {
    if (this.finished) return false;
    if (!this.viewer.sessionId) return true;
    const role = await activeSessionRole(this.deps, this.viewer.sessionId);
    if (!role) return this.end({ reason: 'signed-out' });
    this.viewer.admin = isAdminRole(role);
    if (!this.viewer.admin && this.topics.some((topic) => topic.kind === 'admin')) {
      return this.end({ reason: 'forbidden' });
    }
    return true;
  }

  private async beat() {
    if (this.finished || this.flushing) return;
    try {
      await this.stream?.write(': keep-alive\n\n');
      // An open page whose session ended meanwhile stops here, even if nothing changes.
      await this.stillAllowed();
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'live stream heartbeat failed');
      this.finish();
    }
  }

  private async end(end: LiveEnd): Promise<false> {
    await this.stream?.writeSSE({ event: 'end', data: JSON.stringify(end) }).catch(() => {});
    this.finish();
    return false;
  }
}
