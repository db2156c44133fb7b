import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/shop-process';

/**
 * `npm start` on a fresh clone: no build yet, no data folder. It says it is building, the build
 * prints only its summary line (no warnings, no chunk tables), then the shop starts and prints its
 * ready block. The build goes to a folder of its own, so the shared build is left alone.
 */
describe('npm start without a build', () => {
  let child: ChildProcess | undefined;
  let buildDir = '';
  let dataDir = '';
  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      // start.mjs and the shop it started: Ctrl+C reaches both, as the signal to the group does.
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    await rm(buildDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('builds, saying so, with no wall of warnings, then starts the shop', async () => {
    // Inside the project: the server bundle finds its npm packages from where it lies.
    await mkdir(path.resolve('.tmp'), { recursive: true });
    buildDir = await mkdtemp(path.resolve('.tmp', 'npm-start-build-'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-npm-start-data-'));
    const port = await freePort();
    const started = performance.now();
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        BUILD_DIR: buildDir,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: String(port),
        LOG_LEVEL: 'info',
        BUILD_VERBOSE: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const deadline = Date.now() + 170_000;
    while (!stdout.includes('Naija Street is ready.') && child.exitCode === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(child.exitCode, `npm start exited:\n${stdout}\n${stderr}`).toBeNull();
    expect(stdout).toContain('Naija Street is ready.');
    console.log(
      `npm start without a build: ready after ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const lines = stdout.split('\n');
    const creating = lines.findIndex((line) => line.startsWith('Creating the database in '));
    expect(creating, stdout).toBeGreaterThan(0);
    // Everything before the shop's own start-up steps: the build's progress and its one summary.
    const buildLines = lines.slice(0, creating);
    expect(buildLines).toHaveLength(3);
    expect(buildLines[0]).toBe('Building the shop (first start)…');
    expect(buildLines[1]).toMatch(/^compressed \d+ client files \(\.br, \.gz\)$/);
    expect(buildLines[2]).toMatch(/^Built in \d+\.\d s\. Starting the shop…$/);
    expect(stderr).toBe('');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  }, 180_000);
});
