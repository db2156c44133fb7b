// Bundles the API server (src/server/main.ts) into dist/server/main.js; npm packages stay external.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// Migrations are read at start-up from next to the bundle.
await cp('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
