import { cpSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_DEFINITIONS } from '../../src/server/jobs';
import { type Database, openDatabase } from '../../src/server/platform/db/client';
import { loadMigrations } from '../../src/server/platform/db/migrate';
import { templatePaths } from '../../src/server/setup/template';
import { type ShopProcess, startShop } from './support/shop-process';

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build');

/** The ready block's lines, from its first rule to its last, without trailing spaces. */
function blockLines(text: string): string[] {
  const lines = text.split('\n').map((line) => line.trimEnd());
  const ready = lines.indexOf('  Naija Street is ready.');
  expect(ready, 'the ready block').toBeGreaterThan(0);
  const end = lines.findIndex((line, index) => index > ready && line.startsWith('  ─'));
  return lines.slice(ready - 1, end + 1);
}

/** What differs between two starts: the port and the generated password. */
const normalise = (lines: string[]) =>
  lines.map((line) =>
    line
      .replace(/http:\/\/localhost:\d+/g, 'http://localhost:<port>')
      .replace(/^( {4}password +)\S+$/, '$1<password>'),
  );

/** The sample block README.md shows under "The two commands". */
async function readmeBlock(): Promise<string[]> {
  const readme = await readFile(path.resolve('README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The two commands'));
  const sample = /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return blockLines(sample);
}

/** The first 8 bytes of global/pg_control: the id initdb gives a database, kept by every copy. */
const systemIdentifier = async (pgliteDir: string) =>
  (await readFile(path.join(pgliteDir, 'global', 'pg_control'))).subarray(0, 8).toString('hex');

/** What `npm start` shows a newcomer: progress while the first start works, then the ready block. */
describe('the first start on a fresh data folder', () => {
  let dataDir: string;
  let shop: ShopProcess;
  let firstAnswerMs = 0;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-first-start-'));
    // A few seconds on a quiet machine (the database is a copy of the build's template); far
    // longer on a busy runner.
    const started = performance.now();
    shop = await startShop(
      { NODE_ENV: 'development', DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'info' },
      { timeoutMs: 120_000 },
    );
    firstAnswerMs = performance.now() - started;
    console.log(
      `first start on a fresh data folder: first answer after ${(firstAnswerMs / 1000).toFixed(1)} s`,
    );
  }, 130_000);
  afterAll(async () => {
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const readyBlock = (output: string) => {
    const start = output.indexOf('Naija Street is ready.');
    expect(start).toBeGreaterThan(-1);
    return output.slice(start);
  };
  const field = (block: string, name: string) => new RegExp(`^ {2,4}${name} +(.+)$`, 'm').exec(block)?.[1];

  it('shows its progress, then one block with the address, the demo admin, the mailbox and payments', async () => {
    const out = shop.stdout();
    const lines = out.split('\n');
    expect(lines).toContain(`Creating the database in ${path.join(dataDir, 'pglite')}…`);
    expect(lines).toContain('Adding the demo catalogue (first start only)…');
    expect(lines).toContain('  storing demo images 0/60…');
    expect(lines).toContain('  storing demo images 30/60…');
    expect(lines).toContain('  storing demo images 60/60…');
    // In that order, and the block last.
    const order = [
      'Creating the database',
      'storing demo images 0/60',
      'storing demo images 60/60',
      'Naija Street is ready.',
    ];
    const positions = order.map((text) => out.indexOf(text));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const block = readyBlock(out);
    const url = `http://localhost:${shop.port}`;
    expect(field(block, 'Shop')).toBe(url);
    expect(field(block, 'Admin')).toBe(`${url}/admin`);
    expect(field(block, 'email')).toBe('admin@naijastreet.test');
    expect(field(block, 'Mailbox')).toMatch(new RegExp(`^${url}/dev/mailbox`));
    expect(field(block, 'Payments')).toMatch(/^simulated/);
    expect(block).toContain('npm run admin:reset-demo');
    // Not inside a JSON log line: the block is plain text, and the logs are short lines too.
    expect(out).not.toMatch(/^\{"/m);

    // The printed password signs the demo admin in, and the admin area answers to it.
    const password = field(block, 'password')!;
    const signIn = await fetch(`http://127.0.0.1:${shop.port}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'admin@naijastreet.test', password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await fetch(`http://127.0.0.1:${shop.port}/api/admin/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
  });

  it('prints the block README.md shows, line for line (apart from the port and the password)', async () => {
    expect(normalise(blockLines(shop.stdout()))).toEqual(normalise(await readmeBlock()));
  });

  it("starts from a copy of the build's database template rather than creating one", async () => {
    expect(firstAnswerMs).toBeGreaterThan(0);
    expect(await systemIdentifier(path.join(dataDir, 'pglite'))).toBe(
      await systemIdentifier(templatePaths(buildDir).pglite),
    );
  });

  it('shows the same block at the next start, without the first start’s steps', async () => {
    const firstPassword = field(readyBlock(shop.stdout()), 'password');
    expect(await shop.stop()).toBe(0);
    shop = await startShop({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
    });
    const out = shop.stdout();
    expect(out).not.toContain('Creating the database');
    expect(out).not.toContain('storing demo images');
    const block = readyBlock(out);
    expect(field(block, 'password')).toBe(firstPassword);
    expect(field(block, 'Shop')).toBe(`http://localhost:${shop.port}`);
  });

  it('logs requests and emails as short lines, each email with its links', async () => {
    const url = `http://localhost:${shop.port}`;
    await fetch(`http://127.0.0.1:${shop.port}/cart`);
    await fetch(`http://127.0.0.1:${shop.port}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'admin@naijastreet.test' }),
    });
    await expect
      .poll(() => shop.stdout(), { timeout: 15_000 })
      .toMatch(/→ http:\/\/localhost:\d+\/reset-password#token=/);
    expect(shop.stdout()).toMatch(/^\d\d:\d\d:\d\d info {2}GET \/cart 200 [\d.]+ms$/m);
    expect(shop.stdout()).toMatch(
      /^\d\d:\d\d:\d\d info {2}email to admin@naijastreet\.test "Reset your Naija Street password" kept in the mailbox/m,
    );
  });
});

describe("the build's database template", () => {
  let copy: string;
  let database: Database;
  beforeAll(async () => {
    // Opened from a copy: opening a database writes to it, and the template must stay as built.
    copy = await mkdtemp(path.join(tmpdir(), 'shop-template-'));
    cpSync(templatePaths(buildDir).pglite, path.join(copy, 'pglite'), { recursive: true });
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(copy, 'pglite') });
  });
  afterAll(async () => {
    await database?.close();
    await rm(copy, { recursive: true, force: true });
  });

  it('holds every migration and every job queue', async () => {
    const migrations = await loadMigrations();
    const applied = await database.sql.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(applied.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
    const queues = await database.sql.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
    expect(queues.map((row) => row.name)).toEqual(JOB_DEFINITIONS.map((job) => job.name).sort());
  });

  it('holds nothing of a shop: no secret, no account, no setting, no product', async () => {
    const [counts] = await database.sql.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM server_secrets)::int AS secrets, (SELECT count(*) FROM users)::int AS users,
              (SELECT count(*) FROM settings)::int AS settings, (SELECT count(*) FROM products)::int AS products`,
    );
    expect(counts).toEqual({ secrets: 0, users: 0, settings: 0, products: 0 });
  });
});

describe('a production start', () => {
  let shop: ShopProcess;
  beforeAll(async () => {
    shop = await startShop({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:9',
    });
  });
  afterAll(() => shop?.stop());

  it('keeps its logs as JSON lines and prints no block', () => {
    const lines = shop.stdout().trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(shop.stdout()).toContain('"msg":"Shop ready at http://localhost:9"');
    expect(shop.stdout()).not.toContain('Naija Street is ready.');
  });
});
