// Starts the built shop for a benchmark: production mode, a fresh data folder with the demo
// catalogue, on its own port. Returns its URL and a stop function.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A benchmark that fails half-way must not leave its shop running.
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startShop({
  port,
  buildDir = process.env.BUILD_DIR ?? 'build',
  env = {},
  dataDir: keptDataDir,
}) {
  const bundle = path.resolve(buildDir, 'api', 'main.js');
  if (!existsSync(bundle)) throw new Error('Build the shop first: npm run build');
  const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const started = performance.now();
  // Served as `npm run serve` serves it (its heap limit); BENCH_NODE_ARGS adds flags, e.g.
  // "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the shop.
  const nodeArgs = [
    `--max-old-space-size=${process.env.HEAP_LIMIT_MB || 192}`,
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      PAYMENT_SIMULATOR: 'allow',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the shop did not start within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid,
    /** Milliseconds from starting the process to its first answer. */
    startMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A product the benchmarks can open: the newest active one with stock. */
export async function pickProduct(url) {
  const response = await fetch(`${url}/api/products?limit=48`);
  const { products } = await response.json();
  const product = products.find((item) => item.stock > 0) ?? products[0];
  if (!product) throw new Error('the demo catalogue is empty');
  return product;
}
