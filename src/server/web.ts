import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { ServerContext } from '#shared/server-context';
import type { AppEnv } from './context';

type InProcessFetch = (request: Request) => Promise<Response>;

/** Headers of the visitor's request that the in-process API call must see too. */
const FORWARDED = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-real-ip'];

export type WebHandlers = {
  /** Files of the client build; hashed assets are cached for a year. Falls through when absent. */
  assets: MiddlewareHandler<AppEnv>;
  /** React Router's server rendering for every other path. */
  pages: MiddlewareHandler<AppEnv>;
};

/** The web app. `fetchApi` is the app's own fetch, used by loaders to call the API in-process. */
export async function createWebHandlers(
  buildDir: string,
  fetchApi: InProcessFetch,
  mode: 'development' | 'production',
): Promise<WebHandlers> {
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing). Run: npm run build`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, mode);

  const assets = serveStatic<AppEnv>({
    root: path.relative(process.cwd(), path.join(buildDir, 'client')),
    onFound: (filePath, c) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const pages: MiddlewareHandler<AppEnv> = (c) => {
    const visitor = c.req.raw;
    const context: ServerContext = {
      publicUrl: c.get('deps').env.publicUrl,
      api: (apiPath, init) => {
        const headers = new Headers(init?.headers);
        for (const name of FORWARDED) {
          const value = visitor.headers.get(name);
          if (value && !headers.has(name)) headers.set(name, value);
        }
        headers.set('x-request-id', c.get('requestId'));
        return fetchApi(new Request(new URL(apiPath, new URL(visitor.url).origin), { ...init, headers }));
      },
    };
    return handleRequest(visitor, { ...context });
  };

  return { assets, pages };
}
