// `npm start`: builds the shop when the build is missing or older than the sources, then runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const buildDir = process.env.BUILD_DIR ?? 'build';
const outputs = [path.join(buildDir, 'server', 'entry-server.js'), path.join(buildDir, 'api', 'main.js')];

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const stale =
  outputs.some((file) => !existsSync(file)) ||
  Math.min(...outputs.map((file) => statSync(file).mtimeMs)) <
    Math.max(
      newestMtime('src'),
      ...['package.json', 'package-lock.json', 'vite.config.ts', 'public'].map(newestMtime),
    );

if (stale) {
  console.log(
    existsSync(outputs[1]) ? 'Sources changed: building the shop…' : 'Building the shop (first start)…',
  );
  const started = performance.now();
  // --silent: npm's own banner lines; the build prints only warnings (BUILD_VERBOSE=1 for more).
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s. Starting the shop…`);
}

// The same heap limit as `npm run serve` (README: HEAP_LIMIT_MB).
const heapLimit = `--max-old-space-size=${process.env.HEAP_LIMIT_MB || 192}`;
const server = spawnSync(process.execPath, ['--enable-source-maps', heapLimit, outputs[1]], {
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
