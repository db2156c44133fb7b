import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { AppDeps, AppEnv } from './context';
import { accountFormRoutes } from './features/accounts/form-routes';
import { csrfMiddleware, sessionMiddleware } from './features/accounts/middleware';
import { accountRoutes, authRoutes } from './features/accounts/routes';
import { adminOnly } from './features/admin-access/middleware';
import { adminAccessRoutes } from './features/admin-access/routes';
import { adminAuditRoutes } from './features/audit/admin-routes';
import { cartFormRoutes } from './features/cart/form-routes';
import { cartRoutes } from './features/cart/routes';
import { adminCatalogRoutes } from './features/catalog/admin-routes';
import { catalogRoutes } from './features/catalog/routes';
import { checkoutFormRoutes } from './features/checkout/form-routes';
import { checkoutRoutes } from './features/checkout/routes';
import { adminCustomerRoutes } from './features/customers/admin-routes';
import { adminDashboardRoutes } from './features/dashboard/admin-routes';
import { adminDropRoutes } from './features/drops/admin-routes';
import { adminEmailRoutes } from './features/email/admin-routes';
import { devMailboxRoutes } from './features/email/routes';
import { benchBaseline, healthRoutes } from './features/health/routes';
import { mediaRoutes } from './features/images/routes';
import type { LiveOptions } from './features/live/live-connection';
import { liveRoutes } from './features/live/routes';
import { adminNotificationRoutes } from './features/notifications/admin-routes';
import { adminOrderRoutes } from './features/orders/admin-routes';
import { orderRoutes } from './features/orders/routes';
import { adminPaymentRoutes } from './features/payments/admin-routes';
import { paymentRoutes } from './features/payments/routes';
import { paystackSimulatorRoutes } from './features/payments/simulator';
import { adminPromotionRoutes } from './features/promotions/admin-routes';
import { adminSettingsRoutes } from './features/settings/admin-routes';
import { storeRoutes } from './features/settings/routes';
import { bodyLimits, uploadLimits } from './http/body-limit';
import { cleanInput } from './http/clean-input';
import { localOnly } from './http/local-only';
import { securityHeaders } from './http/security-headers';
import { AppError } from './platform/errors';
import { compressResponses } from './platform/http/compress';
import { requestLogger } from './platform/http/request-log';
import type { WebHandlers } from './web';

export type AppOptions = {
  /** Serves the web app (static assets and server-rendered pages) for everything outside /api. */
  web?: WebHandlers;
  /** Live-update stream timing (tests shorten the heartbeat). */
  live?: LiveOptions;
};

/** Reads that answer every anonymous visitor alike: the catalogue's, and the store's identity for the footer. */
const SHARED_API_PATHS = [
  '/api/products',
  '/api/products/:id',
  '/api/categories',
  '/api/search',
  '/api/notifications/active',
  '/api/shipping-zones',
  '/api/store',
];

/**
 * Mounts every route on the dependencies it is given (the page cache and the listings' totals
 * among them), without listening and without changing them: createShop (shop.ts) builds the
 * dependencies, this app, and attaches the app to the dependencies' in-process fetch.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: 'x-request-id' }));
  // CSP (with this answer's nonce), nosniff, no framing, HSTS on https, no-store on private answers.
  app.use(securityHeaders({ https: deps.env.publicUrl.startsWith('https://') }));
  // Before anything can read a body: no route buffers more than the JSON limit. Uploads get their
  // larger limit behind the admin check (below), so a stranger's upload is refused unread.
  app.use(bodyLimits());
  // Addresses that do not decode, or hold a NUL or a broken character, go no further (400).
  app.use(cleanInput());
  // Pages and JSON are compressed on the way out; built assets are already (see web.ts).
  app.use(compressResponses());
  app.use(async (c, next) => {
    const log = requestLogger(deps.logger, c.get('requestId'));
    c.set('deps', deps);
    c.set('log', log);
    c.set('user', null);
    // A page's in-process API calls are part of the page: its one line covers them.
    if (c.env?.renderScope) return next();
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // The API calls a page makes in-process while rendering are detail (debug): a page is one line.
    const level = c.res.status >= 500 ? 'error' : c.env?.incoming ? 'info' : 'debug';
    if (deps.logger.isLevelEnabled(level)) {
      log[level]({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
    }
  });

  app.get('/api/health/constant/:bytes', benchBaseline());
  // Ahead of the API's session: a health check makes its one database round trip and no other,
  // whatever cookies it carries.
  app.route('/api', healthRoutes());
  if (deps.pageCache) {
    const shared = deps.pageCache.shared();
    for (const path of SHARED_API_PATHS) app.get(path, shared);
  }

  // Development conveniences answer only to a browser on this machine. The mailbox page reads
  // /api/dev/mailbox in-process with the visitor's connection, so it is refused along with it.
  for (const pattern of ['/api/dev/*', '/simulator/*']) app.use(pattern, localOnly());

  const api = new Hono<AppEnv>();
  api.use(csrfMiddleware());
  api.use(sessionMiddleware());
  api.route('/', authRoutes());
  api.route('/', accountRoutes());
  api.route('/', devMailboxRoutes());
  api.route('/', cartRoutes());
  api.route('/', checkoutRoutes());
  api.route('/', orderRoutes());
  api.route('/', paymentRoutes());
  api.route('/', catalogRoutes({ counts: deps.counts ?? undefined }));
  api.route('/', storeRoutes());
  api.route('/', liveRoutes(options.live));
  // The admin area: one access check in front of every /api/admin path, then each feature's
  // admin routes (features/<area>/admin-routes.ts), so no admin route can forget the check.
  api.use('/admin/*', adminOnly());
  api.use('/admin/*', uploadLimits());
  const adminRoutes = [
    adminAccessRoutes(),
    adminEmailRoutes(),
    adminCatalogRoutes(),
    adminDropRoutes(),
    adminOrderRoutes(),
    adminPaymentRoutes(),
    adminCustomerRoutes(),
    adminDashboardRoutes(),
    adminNotificationRoutes(),
    adminPromotionRoutes(),
    adminSettingsRoutes(),
    adminAuditRoutes(),
  ];
  for (const routes of adminRoutes) api.route('/admin', routes);
  app.route('/api', api);
  app.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: 'Not found' } }, 404));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json({ error: { code: error.code, message: error.message, ...error.details } }, error.status);
    }
    c.get('log').error({ err: error }, 'unhandled error');
    return c.json(
      {
        error: {
          code: 'internal',
          message: 'Something went wrong. Please try again.',
          requestId: c.get('requestId'),
        },
      },
      500,
    );
  });

  app.route('/', mediaRoutes());

  app.route('/simulator/paystack', paystackSimulatorRoutes());

  // The pages' forms as plain HTML forms, for a press before the page's script has taken over.
  for (const routes of [accountFormRoutes(), cartFormRoutes(), checkoutFormRoutes()]) app.route('/', routes);

  if (options.web) {
    // Only where built files are: a page never waits for a look at the disk.
    for (const route of options.web.assetRoutes ?? ['*']) app.use(route, options.web.assets);
    app.all('*', options.web.pages);
  }
  // Pages, payments and the simulator call the app in-process through deps.inProcess.
  return app;
}

export type App = ReturnType<typeof createApp>;
