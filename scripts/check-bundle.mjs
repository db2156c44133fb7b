// Fails when the JavaScript a shopper downloads for a first view is over budget, or when admin
// code leaks into it. Reads React Router's build manifest: for each storefront route, the entry,
// root and route chunks plus their static imports, gzipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const buildDir = process.env.BUILD_DIR ?? 'build';
const client = path.join(buildDir, 'client');
const manifestFile = readFileSync(path.join(client, '.vite', 'manifest.json'), 'utf8');
const manifest = JSON.parse(manifestFile);

/** Every chunk a module pulls in before it runs (static imports, transitively). */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.includes('entry.client'));
const withoutQuery = (key) => key.replace(/\?.*$/, '');
const rootKey = Object.keys(manifest).find((key) => withoutQuery(key) === 'src/web/root.tsx');
const storefront = (process.env.BUDGET_ROUTES ?? 'routes/home.tsx').split(',');

let failed = false;
for (const route of storefront) {
  const routeKey = Object.keys(manifest).find((key) => withoutQuery(key) === `src/web/${route}`);
  if (!routeKey) {
    console.error(`route ${route} is not in the build`);
    failed = true;
    continue;
  }
  const chunks = new Set();
  for (const key of [entryKey, rootKey, routeKey]) for (const dep of closure(key)) chunks.add(dep);
  let bytes = 0;
  for (const key of chunks) {
    const file = manifest[key].file;
    if (/admin/i.test(file) || /admin/i.test(key)) {
      console.error(`${route}: admin code in the first view (${file})`);
      failed = true;
    }
    bytes += gzipSync(readFileSync(path.join(client, file))).length;
  }
  const kb = bytes / 1024;
  const verdict = kb <= BUDGET_KB ? 'ok' : 'OVER BUDGET';
  console.log(`${route}: ${kb.toFixed(1)} KB gzipped JavaScript (${chunks.size} chunks) — ${verdict}`);
  if (kb > BUDGET_KB) failed = true;
}
process.exit(failed ? 1 : 0);
