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

/**
 * The page's photo first, then the script and the rest of the stylesheet. On a slow phone network
 * they would otherwise share the connection with the photo the shopper waits for (the page's
 * `fetchpriority="high"` image, its largest paint): they are asked for once the browser reports
 * that photo painted, 200 ms after it loaded when the browser reports no such paint (it is not the
 * largest element, or the browser has no Largest Contentful Paint API), at once when it fails or
 * the page has none, and after 2 s whatever happens. The page is readable and styled meanwhile:
 * its HTML is complete and its own rules are inline.
 *
 * The script and the stylesheet are fetched side by side, and the script runs once the stylesheet
 * is in: what the page draws when it takes over (a drop's countdown, a menu) finds its styles there.
 */
export function bootScript(files: { entry: string; modules: string[]; css: string[] }): string {
  return [
    '(function(d,f){',
    "var started=0,waiting=f.css.length,img=d.querySelector('img[fetchpriority=high]');",
    "function add(rel,href){var l=d.createElement('link');l.rel=rel;l.href=href;d.head.appendChild(l);return l}",
    "function run(){var s=d.createElement('script');s.type='module';s.src=f.entry;d.head.appendChild(s)}",
    'function styled(){if(--waiting===0)run()}',
    'function start(){',
    'if(started)return;started=1;',
    "[f.entry].concat(f.modules).forEach(function(h){add('modulepreload',h)});",
    "f.css.forEach(function(h){var l=add('stylesheet',h);l.onload=l.onerror=styled});",
    'if(!waiting)run()}',
    'if(!img)return start();',
    'setTimeout(start,2000);',
    "try{new PerformanceObserver(function(list){list.getEntries().forEach(function(e){if(e.element===img)start()})}).observe({type:'largest-contentful-paint',buffered:true})}catch(e){}",
    'function loaded(){setTimeout(start,200)}',
    "if(img.complete)loaded();else{img.addEventListener('load',loaded);img.addEventListener('error',start)}",
    `})(document,${safeJson(files)})`,
  ].join('');
}

/** What the client build produced (from its Vite manifest), resolved once by the server. */
export interface ClientAssets {
  /** The client entry script. */
  entry: string;
  /** Stylesheets of the entry. */
  css: string[];
  /**
   * The rules of those stylesheets that this markup uses (beasties), inlined into the page: the
   * first paint then waits on no other request.
   */
  criticalCss(markup: string): string;
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
  const modules = [
    ...new Set([
      ...assets.preloads(manifestKey(loaded.route)),
      ...(initial.notifications.notifications.length > 0 ? assets.preloads(BANNER_KEY) : []),
    ]),
  ];
  const root = `<div id="root">${appHtml}</div>`;
  // `</style` cannot occur in Tailwind's output; guard anyway so a stylesheet can never end the element.
  // The nonce is base64: it needs no escaping inside the attribute.
  const nonce = context.nonce;
  const critical = assets.criticalCss(`<html lang="en-NG"><head></head><body>${root}</body></html>`);
  const styles = `<style nonce="${nonce}">${critical.replaceAll('</style', '<\\/style')}</style>${assets.css.map((href) => `<noscript><link rel="stylesheet" href="${href}"></noscript>`).join('')}`;
  const load = `<script nonce="${nonce}">${bootScript({ entry: assets.entry, modules, css: assets.css })}</script>`;
  const html = `<!DOCTYPE html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#111111"><link rel="icon" href="/favicon.svg" type="image/svg+xml">${head}${styles}</head><body>${root}<script nonce="${nonce}">window.__SHOP__=${safeJson(initial)}</script>${load}</body></html>`;
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
