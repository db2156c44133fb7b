import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { setImageBaseUrl } from '#shared/images';
import type { ServerContext } from '#shared/server-context';
import { App, type InitialState } from './app';
import { fetchNotifications, preloadBannerView } from './features/notifications/banner';
import { fetchStore } from './layout/store';
import { pageHead, renderHeadTags, safeJson } from './lib/head';
import { loadPage } from './lib/page-loader';
import { fetchSession } from './lib/session';
import { manifestKey } from './routes';

const BANNER_KEY = 'src/web/features/notifications/banner-view.tsx';

/** What the client build produced (from its Vite manifest), resolved once by the server. */
export interface ClientAssets {
  /** The client entry script. */
  entry: string;
  /** Stylesheets of the entry. */
  css: string[];
  /** Their text, inlined into the page: the first paint then waits on no other request. */
  inlineCss: string;
  /** For a manifest key, the chunks to preload (the chunk and its static imports). */
  preloads(key: string): string[];
}

/**
 * Renders one page to a full HTML response: runs the page's `load` through the in-process API,
 * renders React to HTML, and writes the head tags, the serialised state and the scripts.
 */
export async function render(
  request: Request,
  context: ServerContext,
  assets: ClientAssets,
): Promise<Response> {
  const url = new URL(request.url);
  setImageBaseUrl(context.imageBaseUrl);
  const [loaded, user, notifications, store] = await Promise.all([
    loadPage(url, context.api),
    fetchSession(context.api),
    fetchNotifications(context.api, url.pathname),
    fetchStore(context.api),
  ]);
  if (loaded.kind === 'redirect') {
    return new Response(null, { status: loaded.status, headers: { location: loaded.to } });
  }
  const initial: InitialState = {
    url: url.pathname + url.search,
    route: loaded.route,
    params: loaded.params,
    data: loaded.data,
    status: loaded.status,
    error: loaded.error,
    user,
    notifications: {
      path: url.pathname,
      notifications: loaded.route.layout === 'admin' ? [] : notifications,
    },
    store,
    imageBaseUrl: context.imageBaseUrl,
  };
  if (initial.notifications.notifications.length > 0) await preloadBannerView();
  const appHtml = renderToString(
    <StrictMode>
      <StaticRouter location={initial.url}>
        <App initial={initial} module={loaded.module} />
      </StaticRouter>
    </StrictMode>,
  );
  const head = renderHeadTags(pageHead(loaded.module, loaded.data, loaded.params, url, context.publicUrl));
  const preloads = [
    ...new Set([
      ...assets.preloads(manifestKey(loaded.route)),
      ...(initial.notifications.notifications.length > 0 ? assets.preloads(BANNER_KEY) : []),
    ]),
  ]
    .map((file) => `<link rel="modulepreload" href="${file}">`)
    .join('');
  // `</style` cannot occur in Tailwind's output; guard anyway so a stylesheet can never end the element.
  // The nonce is base64: it needs no escaping inside the attribute.
  const nonce = context.nonce;
  const styles = `<style nonce="${nonce}">${assets.inlineCss.replaceAll('</style', '<\\/style')}</style>`;
  const html = `<!DOCTYPE html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#111111"><link rel="icon" href="/favicon.svg" type="image/svg+xml">${head}${styles}</head><body><div id="root">${appHtml}</div><script nonce="${nonce}">window.__SHOP__=${safeJson(initial)}</script><link rel="modulepreload" href="${assets.entry}">${preloads}<script type="module" src="${assets.entry}"></script></body></html>`;
  return new Response(html, {
    status: loaded.status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // Pages depend on the visitor (session, cart): never cached by shared caches.
      'cache-control': 'private, no-cache',
      // The same for every anonymous visitor: the server may keep this rendering for them.
      ...(loaded.route.shared && !user && !loaded.error ? { 'x-shop-public-page': '1' } : {}),
    },
  });
}
