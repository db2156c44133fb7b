import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createE2eAdmin } from './e2e-admin';
import { startMailCatcher } from './mail-catcher';
import { prepareData } from './prepare-data';

/**
 * Starts, for the whole browser-test run: a real SMTP server that keeps every message it receives
 * in .tmp/e2e-mail, and the built shop on a fresh data folder with the demo catalogue.
 */
export default async function globalSetup() {
  // Products older than this are the demo catalogue's; every test's own are newer (demo-products.ts).
  process.env.E2E_RUN_STARTED_AT = new Date().toISOString();
  const port = Number(process.env.E2E_PORT ?? 3210);
  const root = path.resolve('.tmp', `e2e-${port}`);
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const buildDir = process.env.BUILD_DIR ?? 'build';
  const serverBundle = path.resolve(buildDir, 'api', 'main.js');
  if (!existsSync(serverBundle)) throw new Error(`Build the shop first: BUILD_DIR=${buildDir} npm run build`);

  await prepareData(path.join(root, 'data'), buildDir);
  await createE2eAdmin(path.join(root, 'data'));
  const mail = await startMailCatcher(path.join(root, 'mail'));
  process.env.E2E_MAIL_DIR = mail.dir;

  const shop: ChildProcess = spawn(process.execPath, [serverBundle], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: path.join(root, 'data'),
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      PAYMENT_SIMULATOR: 'allow',
      // The tests play many shoppers from one machine, each with its own X-Forwarded-For.
      TRUSTED_PROXIES: '127.0.0.1,::1',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://localhost:${port}/api/health`, shop);

  return async () => {
    // The shop must shut down cleanly on SIGTERM (close the server, then the database): exit 0.
    const exited = new Promise<number | null>((resolve) => shop.once('exit', (code) => resolve(code)));
    shop.kill('SIGTERM');
    const code = await exited;
    await mail.close();
    if (code !== 0) throw new Error(`The shop did not shut down cleanly on SIGTERM (exit code ${code})`);
  };
}

async function waitForHealth(url: string, shop: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (shop.exitCode !== null) throw new Error(`The shop exited with code ${shop.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The shop did not answer ${url} within 60 s`);
}
