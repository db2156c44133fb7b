import { writeFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { ADMIN_PACKAGES } from './scripts/admin-code.mjs';
import { criticalCssPlan } from './scripts/critical-css.mjs';

/**
 * Two builds of src/web: the browser bundle (`vite build`) with a manifest the server reads to
 * link each page's chunks, and the server-rendering bundle (`vite build --ssr`).
 */
const buildDir = process.env.BUILD_DIR ?? 'build';

/** Module ids relative to the project, with forward slashes, whatever the platform. */
const relativeId = (id: string) => path.relative(process.cwd(), id).split(path.sep).join('/');

/**
 * Writes which modules each client chunk holds to `<buildDir>/client-modules.json` (beside the
 * client files, not among them), so scripts/check-bundle.mjs can prove by module id that no admin
 * code reaches a shopper's first view.
 */
function chunkModulesReport(): Plugin {
  return {
    name: 'naija-street:chunk-modules-report',
    apply: 'build',
    writeBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks[output.fileName] = output.moduleIds.map(relativeId);
      }
      writeFileSync(path.join(buildDir, 'client-modules.json'), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}

/**
 * Compiles each stylesheet of the client build for beasties (`<buildDir>/critical-css.json`, beside
 * the client files, not among them): the server then inlines into each page only the rules its
 * HTML uses (src/server/web.ts), in about a millisecond, and the whole sheet follows without
 * holding up the first paint (src/web/entry-server.tsx).
 */
function criticalCssPlans(): Plugin {
  return {
    name: 'naija-street:critical-css-plans',
    apply: 'build',
    writeBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const plans: Record<string, unknown> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset' || !output.fileName.endsWith('.css')) continue;
        const href = `/${output.fileName}`;
        const css =
          typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source);
        plans[href] = criticalCssPlan(css, href);
      }
      writeFileSync(path.join(buildDir, 'critical-css.json'), JSON.stringify(plans));
    },
  };
}

/**
 * Shown on every catalogue page (home, listings, product): money, dates, prices, photos, a drop's
 * countdown, the catalogue's search-engine tags.
 */
const CATALOG_COMMON =
  /^src\/(shared\/(money|dates)\.ts|web\/features\/catalog\/(offer-price\.tsx|seo\.ts)|web\/features\/drops\/drop-parts\.tsx|web\/components\/ui\/product-image\.tsx)$/;

/**
 * What every page runs before it can take over: React, its scheduler, the router, and the
 * bundler's own helpers (its runtime, the preloading of lazy chunks).
 */
const FRAMEWORK =
  /^(node_modules\/(react|react-dom|scheduler|react-router)\/|\0(rolldown\/runtime|vite\/preload-helper)\.js$)/;

/**
 * The small modules every order screen shares (the confirmation, the account's orders, the payment
 * page, checkout, the admin's orders): statuses, badges, the price breakdown, pickup, payment
 * words. One chunk instead of one each keeps every page's list of chunks to preload short.
 */
const ORDERS_COMMON =
  /^src\/(shared\/(fulfilment|payment-channels|price-breakdown)\.ts|web\/features\/orders\/(order-status\.ts|order-badges\.tsx|order-money\.ts|payment-card\.tsx|pickup-block\.tsx)|web\/components\/ui\/(order-lines|order-row|price-breakdown)\.tsx)$/;

/** `BUILD_VERBOSE=1 npm run build` shows vite's chunk tables and every library warning. */
const verbose = Boolean(process.env.BUILD_VERBOSE);

/**
 * Libraries' "use client" directives mean nothing to this app (it has no React Server Components),
 * so bundling away the directive is expected: not worth a warning per package.
 */
const onwarn = (warning: { code?: string }, warn: (warning: never) => void) => {
  if (!verbose && warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning as never);
};

/**
 * Rolldown's report of slow plugins comes on a busy machine (every callback is slow then): a
 * paragraph about the build's own speed, not about the shop. Shown with BUILD_VERBOSE=1.
 * The build's output is checked by scripts/check-build-output.mjs.
 */
const checks = { bundlerTimings: verbose };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), chunkModulesReport(), criticalCssPlans()],
  logLevel: verbose ? 'info' : 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? {
        outDir: `${buildDir}/server`,
        target: 'node20',
        emptyOutDir: true,
        rollupOptions: { input: { 'entry-server': 'src/web/entry-server.tsx' }, onwarn, checks },
      }
    : {
        outDir: `${buildDir}/client`,
        target: 'es2022',
        manifest: true,
        emptyOutDir: true,
        rollupOptions: {
          input: 'src/web/entry-client.tsx',
          onwarn,
          checks,
          output: {
            // The admin panel's libraries (TanStack Query, charts) in one chunk of their own, which
            // only admin pages load. Their own dependencies (React) stay where they are: pulled
            // into this chunk, they would make every page load it.
            codeSplitting: {
              groups: [
                // The dashboard's chart library only with the dashboard: other sections skip it.
                {
                  name: 'admin-chart',
                  test: (id: string) => /(^|\/)node_modules\/uplot\//.test(relativeId(id)),
                  priority: 1,
                },
                // One chunk beside the entry's: a slow phone's browser opens at most six connections
                // to the shop, and each further file it needs before taking over waits a round trip
                // for one to free up.
                {
                  name: 'framework',
                  test: (id: string) => FRAMEWORK.test(relativeId(id)),
                  includeDependenciesRecursively: false,
                },
                // The small modules every catalogue page shows prices and photos with, in one chunk:
                // apart, each would cost a request and its own compression overhead.
                {
                  name: 'catalog-common',
                  test: (id: string) => CATALOG_COMMON.test(relativeId(id)),
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'orders-common',
                  test: (id: string) => ORDERS_COMMON.test(relativeId(id)),
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'admin-vendor',
                  test: (id: string) => ADMIN_PACKAGES.test(relativeId(id)),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
}));
