import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { getMimeType } from 'hono/utils/mime';
import { COMPRESSIBLE, pickEncoding } from './compress';

/** Larger files are not kept in memory: the middleware passes them on (to a server that streams them). */
const MAX_FILE_BYTES = 1024 * 1024;
/** How often a file that may change in place (not in an immutable folder) is looked at again. */
const RECHECK_MS = 1_000;
/** Below this a file is sent as it is (as compressResponses does). */
const MIN_COMPRESS_BYTES = 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=3600';

export type StaticFilesOptions = {
  /** The folder whose files are served, each at its path below it. */
  root: string;
  /**
   * Top-level folders whose files are named after their content (a build's hashed assets): kept
   * by browsers for a year, and read from the disk once.
   */
  immutableFolders: string[];
  maxFileBytes?: number;
  recheckMs?: number;
};

/** What a file request is answered with: status, headers (lower-case names) and body. */
export type FileAnswer = { status: number; headers: Record<string, string>; body: Buffer | null };

/** One encoding of a file, with its headers made once. */
type Representation = { body: Buffer; headers: Record<string, string>; notModified: Record<string, string> };

type Entry = {
  file: string;
  immutable: boolean;
  type: string;
  /** The build wrote .br and .gz beside it (scripts/compress-assets.mjs). */
  precompressed: boolean;
  state: 'unloaded' | 'ready' | 'large' | 'missing';
  loading: Promise<void> | null;
  identity: Representation | null;
  br: Representation | null;
  gzip: Representation | null;
  etag: string;
  lastModified: string;
  mtimeMs: number;
  size: number;
  checkedAt: number;
  checking: boolean;
};

export type StaticFiles = {
  /** Route patterns for the files found at start: the top-level files and folders. */
  routes: string[];
  /**
   * Answers a GET or HEAD for a file kept in memory, with the request's headers; null when the
   * file is not one of these, not loaded yet (its loading starts), or too large to keep.
   */
  answer(method: string, urlPath: string, header: (name: string) => string | undefined): FileAnswer | null;
  /** The same answer through Hono: loads the file on its first request; passes on what it does not serve. */
  middleware(): MiddlewareHandler;
  /**
   * Answers a file request straight on Node's response, ahead of the app: `headers` (name, value,
   * name, value…) go on every answer, and `x-request-id` as the app sets it. Returns the status
   * and request id sent, or null when the app must answer.
   */
  serveNode(
    req: IncomingMessage,
    res: ServerResponse,
    headers: readonly string[],
  ): { status: number; requestId: string } | null;
};

/**
 * The files of a folder (pages aside) answered from memory: each read once (on its first request) with its
 * Brotli and gzip forms, its ETag (a hash of its content) and its headers, then answered with no
 * look at the disk. Conditional requests (If-None-Match, If-Modified-Since) get a 304, a single
 * byte range a 206, HEAD the headers alone. A file outside the immutable folders is looked at
 * again at most once a second (its size and time), and read again when it changed.
 */
export function createStaticFiles(options: StaticFilesOptions): StaticFiles {
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const recheckMs = options.recheckMs ?? RECHECK_MS;
  const root = path.resolve(options.root);
  const immutable = new Set(options.immutableFolders);
  const entries = new Map<string, Entry>();
  const routes: string[] = [];

  const walk = (dir: string, urlPrefix: string, inImmutable: boolean) => {
    const names = readdirSync(dir, { withFileTypes: true }).filter((item) => !item.name.startsWith('.'));
    const present = new Set(names.map((item) => item.name));
    for (const item of names) {
      const file = path.join(dir, item.name);
      const urlPath = `${urlPrefix}/${item.name}`;
      if (item.isDirectory()) {
        walk(file, urlPath, inImmutable || (urlPrefix === '' && immutable.has(item.name)));
        continue;
      }
      // A .br or .gz beside its file is that file's encoding, not a file of its own.
      const base = item.name.replace(/\.(br|gz)$/, '');
      if (base !== item.name && present.has(base)) continue;
      const info = statSync(file);
      const type = getMimeType(item.name) ?? 'application/octet-stream';
      // A page gets its own policy (with this answer's nonce) from the app: left to it.
      if (type.startsWith('text/html')) continue;
      entries.set(urlPath, {
        file,
        immutable: inImmutable,
        type,
        precompressed: present.has(`${item.name}.br`) && present.has(`${item.name}.gz`),
        state: 'unloaded',
        loading: null,
        identity: null,
        br: null,
        gzip: null,
        etag: '',
        lastModified: '',
        mtimeMs: info.mtimeMs,
        size: info.size,
        checkedAt: 0,
        checking: false,
      });
    }
  };
  if (existsSync(root)) {
    walk(root, '', false);
    for (const item of readdirSync(root, { withFileTypes: true })) {
      if (item.name.startsWith('.')) continue;
      routes.push(item.isDirectory() ? `/${item.name}/*` : `/${item.name}`);
    }
  }

  const load = (entry: Entry): Promise<void> => {
    entry.loading ??= (async () => {
      try {
        const info = await stat(entry.file);
        if (info.size > maxFileBytes) {
          entry.state = 'large';
          return;
        }
        const body = await readFile(entry.file);
        const compressible = COMPRESSIBLE.test(entry.type) && body.length >= MIN_COMPRESS_BYTES;
        const [br, gzip] = !compressible
          ? [null, null]
          : entry.precompressed
            ? await Promise.all([readFile(`${entry.file}.br`), readFile(`${entry.file}.gz`)])
            : // Not compressed by the build: once here, as compressResponses would at each request.
              [
                brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
                gzipSync(body, { level: 9 }),
              ];
        const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
        entry.etag = `"${hash}"`;
        entry.lastModified = new Date(info.mtimeMs).toUTCString();
        entry.mtimeMs = info.mtimeMs;
        entry.size = info.size;
        const common: Record<string, string> = {
          'cache-control': entry.immutable ? IMMUTABLE : REVALIDATE,
          'last-modified': entry.lastModified,
          ...(br ? { vary: 'Accept-Encoding' } : {}),
        };
        const representation = (bytes: Buffer, etag: string, encoding?: string): Representation => ({
          body: bytes,
          headers: {
            'content-type': entry.type,
            'content-length': String(bytes.length),
            etag,
            ...common,
            ...(encoding ? { 'content-encoding': encoding } : {}),
          },
          notModified: { etag, ...common },
        });
        entry.identity = representation(body, entry.etag);
        entry.br = br && representation(br, `"${hash}-br"`, 'br');
        entry.gzip = gzip && representation(gzip, `"${hash}-gz"`, 'gzip');
        entry.state = 'ready';
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        entry.state = 'missing';
      } finally {
        entry.checkedAt = Date.now();
        entry.loading = null;
      }
    })();
    return entry.loading;
  };

  /** A file that may change in place: its size and time, looked at without holding up the answer. */
  const recheck = (entry: Entry) => {
    entry.checking = true;
    stat(entry.file)
      .then(
        (info) => info.mtimeMs !== entry.mtimeMs || info.size !== entry.size,
        () => true,
      )
      .then((changed) => {
        if (changed) forget(entry);
        entry.checkedAt = Date.now();
        entry.checking = false;
      });
  };
  const forget = (entry: Entry) => {
    entry.state = 'unloaded';
    entry.identity = entry.br = entry.gzip = null;
  };

  /** The entry for this request when it can be answered from memory now; loads it otherwise. */
  const ready = (method: string, urlPath: string): Entry | null => {
    if (method !== 'GET' && method !== 'HEAD') return null;
    const entry = entries.get(urlPath);
    if (!entry) return null;
    if (!entry.immutable && entry.state !== 'unloaded' && Date.now() - entry.checkedAt > recheckMs) {
      if (entry.state === 'missing') forget(entry);
      else if (!entry.checking) recheck(entry);
    }
    if (entry.state === 'unloaded') void load(entry).catch(() => {});
    return entry.state === 'ready' ? entry : null;
  };

  const answer = (entry: Entry, method: string, header: (name: string) => string | undefined): FileAnswer => {
    const identity = entry.identity!;
    const range = method === 'GET' ? header('range') : undefined;
    if (range && ifRangeHolds(header('if-range'), entry)) {
      const ranged = byteRange(range, identity.body.length);
      if (ranged === 'unsatisfiable') {
        return {
          status: 416,
          headers: {
            ...identity.notModified,
            'accept-ranges': 'bytes',
            'content-range': `bytes */${identity.body.length}`,
          },
          body: null,
        };
      }
      if (ranged) {
        const [start, end] = ranged;
        return {
          status: 206,
          headers: {
            ...identity.headers,
            'accept-ranges': 'bytes',
            'content-length': String(end - start + 1),
            'content-range': `bytes ${start}-${end}/${identity.body.length}`,
          },
          body: identity.body.subarray(start, end + 1),
        };
      }
    }
    const encoding = entry.br ? pickEncoding(header('accept-encoding')) : null;
    const chosen = (encoding && entry[encoding]) || identity;
    if (notModified(header, chosen.headers.etag!, entry)) {
      return { status: 304, headers: chosen.notModified, body: null };
    }
    return { status: 200, headers: chosen.headers, body: method === 'HEAD' ? null : chosen.body };
  };

  const files: StaticFiles = {
    routes,
    answer(method, urlPath, header) {
      const entry = ready(method, urlPath);
      return entry ? answer(entry, method, header) : null;
    },
    middleware() {
      return async (c, next) => {
        const method = c.req.method;
        if (method !== 'GET' && method !== 'HEAD') return next();
        const entry = entries.get(c.req.path);
        if (!entry) return next();
        if (ready(method, c.req.path) === null && entry.state === 'unloaded') await load(entry);
        if (entry.state !== 'ready') return next();
        const { status, headers, body } = answer(entry, method, (name) => c.req.header(name));
        return body === null
          ? c.body(null, status as StatusCode, headers)
          : c.body(body as Uint8Array<ArrayBuffer>, status as ContentfulStatusCode, headers);
      };
    },
    serveNode(req, res, extra) {
      const method = req.method ?? 'GET';
      const url = req.url ?? '';
      const query = url.indexOf('?');
      const found = files.answer(method, query === -1 ? url : url.slice(0, query), (name) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
      });
      if (!found) return null;
      const requestId = requestIdFor(req.headers['x-request-id']);
      const flat = [...extra, 'x-request-id', requestId];
      for (const name in found.headers) flat.push(name, found.headers[name]!);
      res.writeHead(found.status, flat);
      res.end(found.body ?? undefined);
      return { status: found.status, requestId };
    },
  };
  return files;
}

/** The request's own id when it sends a usable one (as the app's request-id middleware takes it), else a new one. */
/** The request id a client sent, when it is a sane one; else a new one (as the app's own middleware). */
export function requestIdFor(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && sent.length > 0 && sent.length <= 255 && !/[^\w\-=]/.test(sent)
    ? sent
    : randomUUID();
}

/** If-None-Match names this representation (or any, `*`); else If-Modified-Since is not before the file's time. */
function notModified(header: (name: string) => string | undefined, etag: string, entry: Entry): boolean {
  const tags = header('if-none-match');
  if (tags !== undefined) {
    return tags.split(',').some((tag) => {
      const trimmed = tag.trim();
      return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
    });
  }
  const since = header('if-modified-since');
  if (since === undefined) return false;
  const at = Date.parse(since);
  return Number.isFinite(at) && Math.floor(entry.mtimeMs / 1000) * 1000 <= at;
}

/** A range is served only for the file the client already has part of (If-Range), or any without it. */
function ifRangeHolds(ifRange: string | undefined, entry: Entry): boolean {
  return ifRange === undefined || ifRange === entry.etag || ifRange === entry.lastModified;
}

/**
 * One byte range (`bytes=0-99`, `bytes=100-`, `bytes=-100`) within `size` bytes; 'unsatisfiable'
 * when it starts past the end; null for several ranges or a header that is not one (the whole
 * file is sent, as HTTP allows).
 */
export function byteRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - length), size - 1];
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return [start, end];
}
