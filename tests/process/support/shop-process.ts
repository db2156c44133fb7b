import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A free TCP port on this machine, chosen by the operating system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type ShopProcess = {
  port: number;
  pid: number;
  /** Everything the shop printed on stderr so far. */
  stderr(): string;
  stdout(): string;
  /** Resident memory of the process, from /proc, in MiB. */
  rssMiB(): Promise<number>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  child: ChildProcess;
};

/**
 * Starts the built shop (`npm run build` first) as its own process, the way `npm run serve` does,
 * on a fresh data folder unless DATA_DIR or DATABASE_URL is given, and waits for /api/health.
 */
export async function startShop(
  env: Record<string, string> = {},
  options: {
    timeoutMs?: number;
    /** false: return as soon as the process is started, without waiting for /api/health. */
    wait?: boolean;
  } = {},
): Promise<ShopProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const buildDir = process.env.BUILD_DIR ?? 'build';
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'shop-process-')));
  const ownDataDir = env.DATA_DIR === undefined;
  const child = spawn(process.execPath, [path.resolve(buildDir, 'api', 'main.js')], {
    env: {
      PATH: process.env.PATH,
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const cleanup = async () => {
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (; options.wait !== false; ) {
    if (child.exitCode !== null) {
      await cleanup();
      throw new Error(`The shop exited with code ${child.exitCode}:\n${stderr}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await cleanup();
      throw new Error(`The shop did not answer on port ${port} within ${timeoutMs / 1000} s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    port,
    pid: child.pid!,
    child,
    stderr: () => stderr,
    stdout: () => stdout,
    async rssMiB() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      await cleanup();
      return code;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      await cleanup();
    },
  };
}

/** The first IPv4 address of this machine that is not loopback, for calls "from the network". */
export async function networkAddress(): Promise<string> {
  const { networkInterfaces } = await import('node:os');
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  throw new Error('This machine has no non-loopback IPv4 interface to test network exposure with');
}
