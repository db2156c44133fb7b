// Fails when the JavaScript a shopper downloads for a first view is over budget, or when admin
// code reaches a shopper's first view. Reads the client build manifest (which chunks a page loads
// before it runs: the client entry and the page's chunk with their static imports) and the build's
// report of the modules in each chunk (vite.config.ts), so admin code is found by what it is, not
// by what its chunk happens to be called.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { isAdminModule } from './admin-code.mjs';

// 101 KB since the product form that works before the script (docs/decisions/2026-11-28-taps-before-the-script.md).
const BUDGET_KB = 101;
const ENTRY = 'src/web/entry-client.tsx';
const BANNER = 'src/web/features/notifications/banner-view.tsx';
const buildDir = process.env.BUILD_DIR ?? 'build';
const client = path.join(buildDir, 'client');
const manifest = JSON.parse(readFileSync(path.join(client, '.vite', 'manifest.json'), 'utf8'));
/** @type {Record<string, string[]>} chunk file → module ids */
const modulesOf = JSON.parse(readFileSync(path.join(buildDir, 'client-modules.json'), 'utf8'));

/** Every chunk a module pulls in before it runs (static imports, transitively). */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

/** Why a chunk is admin code: its admin modules, or its name. Empty when it is not. */
function adminIn(chunkKey) {
  const file = manifest[chunkKey].file;
  const modules = modulesOf[file];
  if (!modules) throw new Error(`${file} is not in client-modules.json: rebuild (npm run build)`);
  const found = modules.filter(isAdminModule);
  if (/admin/i.test(file) || /admin/i.test(chunkKey)) found.push(`(chunk ${file})`);
  return found;
}

let failed = false;

// The check must be able to see admin code: the admin panel's page and TanStack Query are built
// and recognised as such. If not, the patterns in admin-code.mjs no longer match the build.
const adminPage = 'src/web/routes/admin-dashboard.tsx';
const adminModules = [...closure(adminPage)].flatMap((key) => modulesOf[manifest[key].file] ?? []);
for (const expected of [
  /^src\/web\/routes\/admin-dashboard\.tsx$/,
  /node_modules\/@tanstack\/query-core\//,
]) {
  if (!adminModules.some((id) => expected.test(id) && isAdminModule(id))) {
    console.error(
      `admin code not recognised in the admin page's chunks (${expected}): fix scripts/admin-code.mjs`,
    );
    failed = true;
  }
}

// No shopper page, measured or not, loads admin code before it runs.
const shopperPages = Object.keys(manifest).filter(
  (key) => manifest[key].isEntry !== true && /^src\/web\/routes\/(?!admin)[^/]+\.tsx$/.test(key),
);
for (const page of shopperPages) {
  for (const chunk of closure(page, closure(BANNER, closure(ENTRY)))) {
    const found = adminIn(chunk);
    if (found.length > 0) {
      const shown = found.slice(0, 3).join(', ') + (found.length > 3 ? ` and ${found.length - 3} more` : '');
      console.error(`${page}: admin code in the first view, in ${manifest[chunk].file}: ${shown}`);
      failed = true;
    }
  }
}

// Tests are never built into the shop (a glob that takes them would make each one a chunk).
for (const [key, entry] of Object.entries(manifest)) {
  if (/\.test\.[cm]?[jt]sx?$/.test(key)) {
    console.error(`a test file was built into the shop: ${key} (${entry.file})`);
    failed = true;
  }
}

// The budget, for the pages a shopper lands on.
const pages = (process.env.BUDGET_PAGES ?? 'home,listing,product').split(',');
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
    bytes += gzipSync(readFileSync(path.join(client, manifest[chunk].file)), { level: 9 }).length;
  }
  const kb = bytes / 1024;
  console.log(
    `${page}: ${kb.toFixed(1)} KB of JavaScript gzipped (${chunks.size} chunks), budget ${BUDGET_KB} KB`,
  );
  if (kb > BUDGET_KB) failed = true;
}
console.log(
  failed
    ? 'Bundle check failed.'
    : `No admin code in the first view of ${shopperPages.length} shopper pages.`,
);
process.exit(failed ? 1 : 0);
