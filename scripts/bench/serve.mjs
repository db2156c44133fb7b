// Starts the built shop for a benchmark: production mode, a fresh data folder with the demo
// catalogue, on its own port. Returns its URL and a stop function.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function startShop({ port, buildDir = process.env.BUILD_DIR ?? 'build', env = {} }) {
  const bundle = path.resolve(buildDir, 'api', 'main.js');
  if (!existsSync(bundle)) throw new Error('Build the shop first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const child = spawn(process.execPath, [bundle], {
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
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
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
