import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { type CompactPlan, createProcessor } from 'beasties/runtime';
import type { MiddlewareHandler } from 'hono';
import type { ServerContext } from '#shared/server-context';
import type { AppEnv, RenderScope } from './context';
import { pagePolicy } from './http/security-headers';
import { earliestFreshUntil, FRESH_UNTIL_HEADER } from './platform/http/cache-headers';
import type { PageCache } from './platform/http/page-cache';
import { createStaticFiles, type StaticFiles } from './platform/http/static-files';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

interface ClientAssets {
  entry: string;
  css: string[];
  /** The rules of the stylesheets that this markup uses, inlined so the first paint waits on no request. */
  criticalCss(markup: string): string;
  preloads(key: string): string[];
}

interface ServerEntry {
  render(request: Request, context: ServerContext, assets: ClientAssets): Promise<Response>;
}

/** Headers of the visitor's request that the in-process API call must see too. */
const FORWARDED = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-real-ip'];
const CLIENT_ENTRY = 'src/web/entry-client.tsx';

export type WebHandlers = {
  /** Files of the client build; hashed assets are cached for a year. Falls through when absent. */
  assets: MiddlewareHandler<AppEnv>;
  /** The client build's files kept in memory, which the HTTP server also answers ahead of the app (main.ts). */
  files?: StaticFiles;
  /** The paths `assets` serves (the build's folder of hashed files and its top-level files); all when absent. */
  assetRoutes?: string[];
  /** Server rendering of every other path. */
  pages: MiddlewareHandler<AppEnv>;
};

/** Reads the client build's manifest: which files a page needs, with their static imports. */
export function readClientAssets(buildDir: string): ClientAssets {
  const manifestPath = path.join(buildDir, 'client', '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${manifestPath} has no ${CLIENT_ENTRY}`);
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const dependency of chunk.imports ?? []) closure(dependency, seen);
    return seen;
  };
  const cache = new Map<string, string[]>();
  const css = (entry.css ?? []).map((file) => `/${file}`);
  // The stylesheets compiled for beasties by the build (vite.config.ts): what a page's markup uses
  // is picked in one pass over it, and kept per set of classes, tags and attributes it holds.
  const plans = JSON.parse(readFileSync(path.join(buildDir, 'critical-css.json'), 'utf8')) as Record<
    string,
    CompactPlan
  >;
  const critical = createProcessor(
    css.map((href) => {
      const plan = plans[href];
      if (!plan) throw new Error(`${buildDir}/critical-css.json has no ${href}: rebuild (npm run build)`);
      return plan;
    }),
  );
  return {
    entry: `/${entry.file}`,
    css,
    criticalCss: (markup) => critical.extract(markup).css,
    preloads(key) {
      let files = cache.get(key);
      if (!files) {
        // Everything the entry and the page import before running, so no request waits on another.
        const chunks = closure(key, closure(CLIENT_ENTRY));
        chunks.delete(CLIENT_ENTRY);
        files = [...chunks].map((chunkKey) => `/${manifest[chunkKey]!.file}`);
        cache.set(key, files);
      }
      return files;
    },
  };
}

/** The web app. Pages call the JSON API in-process (deps.inProcess), with the visitor's cookies. */
export async function createWebHandlers(
  buildDir: string,
  /** Keeps catalogue pages for anonymous visitors (http/page-cache.ts); without it every page renders. */
  options: { cache?: PageCache } = {},
): Promise<WebHandlers> {
  const serverEntry = path.join(buildDir, 'server', 'entry-server.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing). Run: npm run build`);
  }
  const { render: renderPage } = (await import(pathToFileURL(serverEntry).href)) as ServerEntry;
  const clientAssets = readClientAssets(buildDir);

  const clientDir = path.join(buildDir, 'client');
  const files = createStaticFiles({ root: clientDir, immutableFolders: ['assets'] });
  // Files too large to keep in memory (and pages, if the build had any) are streamed from the disk.
  const streamed = serveStatic<AppEnv>({
    root: path.relative(process.cwd(), clientDir),
    // The build writes .br and .gz beside each file (scripts/compress-assets.mjs).
    precompressed: true,
    onFound: (filePath, c) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const render: MiddlewareHandler<AppEnv> = async (c) => {
    const visitor = c.req.raw;
    const renderScope: RenderScope = {};
    // A page is as fresh as the least fresh answer it was made from (a drop's 'Coming soon').
    const freshUntil: string[] = [];
    const context: ServerContext = {
      publicUrl: c.get('deps').env.publicUrl,
      imageBaseUrl: c.get('deps').env.imageBaseUrl ?? '',
      nonce: c.get('cspNonce'),
      api: async (apiPath, init) => {
        const headers = new Headers(init?.headers);
        for (const name of FORWARDED) {
          const value = visitor.headers.get(name);
          if (value && !headers.has(name)) headers.set(name, value);
        }
        headers.set('x-request-id', c.get('requestId'));
        const answer = await c.get('deps').inProcess.request(
          new Request(new URL(apiPath, new URL(visitor.url).origin), { ...init, headers }),
          // Made on the visitor's behalf, the call carries their connection: rules that look at
          // it (client address, this-machine-only routes) see the visitor.
          { renderScope, incoming: c.env?.incoming },
        );
        const fresh = answer.headers.get(FRESH_UNTIL_HEADER);
        if (fresh) freshUntil.push(fresh);
        return answer;
      },
    };
    const response = await renderPage(visitor, context, clientAssets);
    const until = earliestFreshUntil(freshUntil.map(Number));
    if (until !== null) response.headers.set(FRESH_UNTIL_HEADER, String(until));
    // The page's policy names the nonce this rendering used, so a page kept for anonymous
    // visitors is served with its own policy: one nonce per rendering, new at each re-rendering.
    if (context.nonce && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
      const imageBase = c.get('deps').env.imageBaseUrl;
      response.headers.set(
        'content-security-policy',
        pagePolicy(context.nonce, { images: imageBase ? new URL(imageBase).origin : null }),
      );
    }
    return response;
  };
  // Anonymous visitors of catalogue pages share one rendering until a change is announced.
  const pages = options.cache ? options.cache.wrap(render) : render;

  const fromMemory = files.middleware();
  const assets: MiddlewareHandler<AppEnv> = (c, next) =>
    fromMemory(c, async () => {
      const response = await streamed(c, next);
      if (response) c.res = response;
    });
  return { assets, assetRoutes: files.routes, files, pages };
}
