/**
 * The codebase's dependency rules, checked by `npm run deps` (part of `npm test` and `npm run check`).
 * Tests may reach anywhere; the rules are about the shop's own modules.
 */
const TESTS = '(\\.test\\.tsx?$|^tests/|^src/web/test/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles, type-only imports included: every module can be read (and built) on its own.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-feature',
      comment:
        'src/server/platform is the infrastructure (env, logger, database, jobs, mailer, storage, Paystack client, auth, change feed, caches): it knows nothing of the shop. The composition root (deps.ts, shop.ts) wires features to it.',
      severity: 'error',
      from: { path: '^src/server/platform/', pathNot: TESTS },
      to: { path: '^src/server/(?!platform/)' },
    },
    {
      name: 'shared-is-isomorphic',
      comment: 'src/shared runs in the browser and on the server: no server, web or Node.js imports.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: TESTS },
      to: { path: '^src/(server|web)/|^node:|^(fs|path|crypto|os|http|https|stream|url|util)$' },
    },
    {
      name: 'shared-imports-no-node',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The browser talks to the server through its API only.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'routes-belong-to-the-app',
      comment:
        "A feature's HTTP routes are mounted by app.ts; another feature uses its domain functions, never its route modules.",
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^src/server/features/[^/]+/(routes|admin-routes)\\.ts$',
        pathNot: '^src/server/features/$1/',
      },
    },
    {
      name: 'features-never-import-the-composition',
      comment:
        'Features get what they need through AppDeps (context.ts); the composition root (deps.ts, shop.ts, app.ts, jobs.ts, main.ts) imports them, never the reverse.',
      severity: 'error',
      from: { path: '^src/server/features/', pathNot: TESTS },
      to: { path: '^src/server/(deps|shop|app|jobs|main)\\.ts$' },
    },
    {
      name: 'no-test-code-in-the-shop',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { path: TESTS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^node_modules|^build)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
