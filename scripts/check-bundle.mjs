// Fails when the JavaScript a shopper downloads for a first view is over budget, or when admin
// code leaks into it. Reads the client build manifest: for each storefront page, the client entry
// and the page's chunk with everything they import statically, gzipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const ENTRY = 'src/web/entry-client.tsx';
const BANNER = 'src/web/features/notifications/banner-view.tsx';
const buildDir = process.env.BUILD_DIR ?? 'build';
const client = path.join(buildDir, 'client');
const manifest = JSON.parse(readFileSync(path.join(client, '.vite', 'manifest.json'), 'utf8'));

/** Every chunk a module pulls in before it runs (static imports, transitively). */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

const pages = (process.env.BUDGET_PAGES ?? 'home,listing,product').split(',');
let failed = false;
for (const page of pages) {
  const key = `src/web/routes/${page}.tsx`;
  if (!manifest[key]) {
    console.log(`${page}: not built yet — skipped`);
    continue;
  }
  // Measured with a site notification showing: its banner is part of the first view then.
  const chunks = closure(key, closure(BANNER, closure(ENTRY)));
  let bytes = 0;
  for (const chunk of chunks) {
    const file = manifest[chunk].file;
    if (/admin/i.test(chunk)) {
      console.error(`${page}: admin code in the first view (${chunk})`);
      failed = true;
    }
    bytes += gzipSync(readFileSync(path.join(client, file)), { level: 9 }).length;
  }
  const kb = bytes / 1024;
  console.log(
    `${page}: ${kb.toFixed(1)} KB of JavaScript gzipped (${chunks.size} chunks), budget ${BUDGET_KB} KB`,
  );
  if (kb > BUDGET_KB) failed = true;
}
process.exit(failed ? 1 : 0);
