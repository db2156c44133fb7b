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
    Math.max(newestMtime('src'), ...['package.json', 'vite.config.ts', 'public'].map(newestMtime));

if (stale) {
  console.log('Building the shop…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, ['--enable-source-maps', outputs[1]], { stdio: 'inherit' });
process.exit(server.status ?? 0);
