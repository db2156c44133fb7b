import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './errors';
import { csrfMiddleware, sessionMiddleware } from './features/accounts/middleware';
import { accountRoutes, authRoutes } from './features/accounts/routes';
import { adminOnly } from './features/admin-access/middleware';
import { adminAccessRoutes } from './features/admin-access/routes';
import { cartRoutes } from './features/cart/routes';
import { catalogRoutes } from './features/catalog/routes';
import { checkoutRoutes } from './features/checkout/routes';
import { adminEmailRoutes } from './features/email/admin-routes';
import { devMailboxRoutes } from './features/email/routes';
import { healthRoutes } from './features/health/routes';
import { mediaRoutes } from './features/images/routes';
import type { LiveOptions } from './features/live/live-connection';
import { liveRoutes } from './features/live/routes';
import { orderRoutes } from './features/orders/routes';
import { paymentRoutes } from './features/payments/routes';
import { paystackSimulatorRoutes } from './features/payments/simulator';
import { bodyLimits } from './http/body-limit';
import { localOnly } from './http/local-only';
import type { WebHandlers } from './web';

export type AppOptions = {
  /** Serves the web app (static assets and server-rendered pages) for everything outside /api. */
  web?: WebHandlers;
  /** Live-update stream timing (tests shorten the heartbeat). */
  live?: LiveOptions;
};

/** Builds the whole HTTP app without listening, so tests can call `app.request()` in-process. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: 'x-request-id' }));
  // Before anything can read a body: no route buffers more than it needs.
  app.use(bodyLimits());
  // Pages and JSON are compressed on the way out; built assets are already (see web.ts).
  app.use(compress());
  app.use(async (c, next) => {
    const log = deps.logger.child({ reqId: c.get('requestId') });
    c.set('deps', deps);
    c.set('log', log);
    c.set('user', null);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const level = c.res.status >= 500 ? 'error' : 'info';
    log[level]({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });

  // Development conveniences answer only to a browser on this machine. The mailbox page reads
  // /api/dev/mailbox in-process with the visitor's connection, so it is refused along with it.
  for (const pattern of ['/api/dev/*', '/simulator/*']) app.use(pattern, localOnly());

  const api = new Hono<AppEnv>();
  api.use(csrfMiddleware());
  api.use(sessionMiddleware());
  api.route('/', healthRoutes());
  api.route('/', authRoutes());
  api.route('/', accountRoutes());
  api.route('/', devMailboxRoutes());
  api.route('/', cartRoutes());
  api.route('/', checkoutRoutes());
  api.route('/', orderRoutes());
  api.route('/', paymentRoutes());
  api.route('/', catalogRoutes());
  api.route('/', liveRoutes(options.live));
  // The admin area: one access check in front of every /api/admin path, then each feature's
  // admin routes (features/<area>/admin-routes.ts), so no admin route can forget the check.
  api.use('/admin/*', adminOnly());
  for (const routes of [adminAccessRoutes(), adminEmailRoutes()]) api.route('/admin', routes);
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

  if (options.web) {
    app.use('*', options.web.assets);
    app.all('*', options.web.pages);
  }
  // Pages, payments and the simulator call the app in-process through deps.inProcess.
  deps.inProcess.attach((request, bindings) => app.fetch(request, bindings));
  return app;
}

export type App = ReturnType<typeof createApp>;
