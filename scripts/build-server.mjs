// Bundles the server (src/server/main.ts) into $BUILD_DIR/api/main.js; npm packages stay external.
// Then makes the embedded database's template (src/server/setup/template.ts) into $BUILD_DIR/db-template.
import { spawnSync } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = `${process.env.BUILD_DIR ?? 'build'}/api`;
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', 'build-db-template': 'src/server/scripts/build-db-template.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// Migrations are read at start-up from next to the bundle.
await cp('src/server/platform/db/migrations', `${outdir}/migrations`, { recursive: true });

const template = spawnSync(process.execPath, ['--enable-source-maps', `${outdir}/build-db-template.js`], {
  stdio: 'inherit',
});
if (template.status !== 0) process.exit(template.status ?? 1);
