// Bundles the server (src/server/main.ts) and its npm packages into $BUILD_DIR/api/main.js and the
// chunks it loads on first use; a few packages stay external (below).
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
  // What our code imports on first use is a chunk of its own, read only then.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // A few files to read and compile instead of every package's modules resolved and read one by
  // one: the server starts in about half the time (docs/decisions/2026-11-28-drop-day.md). Left
  // outside: packages that find files next to their own code at run time (PGlite's WebAssembly,
  // sharp's native binary, pino's worker), the React that the page renderer (build/server)
  // imports too, an optional package a dependency looks for and does without, and what is only
  // imported on first use (the S3 client, SMTP), which costs a start-up nothing either way.
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    'sharp',
    'pino',
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    'pg-native',
    '@aws-sdk/*',
    'nodemailer',
  ],
  // The CommonJS packages inside the bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);",
  },
  sourcemap: true,
  // Stack traces point at the files; their text is not copied into the map (a third of the size,
  // read at start-up under --enable-source-maps).
  sourcesContent: false,
  logLevel: 'warning',
});
// Migrations are read at start-up from next to the bundle.
await cp('src/server/platform/db/migrations', `${outdir}/migrations`, { recursive: true });

const template = spawnSync(process.execPath, ['--enable-source-maps', `${outdir}/build-db-template.js`], {
  stdio: 'inherit',
});
if (template.status !== 0) process.exit(template.status ?? 1);
