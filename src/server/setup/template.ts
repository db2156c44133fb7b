import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { installJobQueue, JOB_DEFINITIONS } from '../jobs';
import { type Database, openDatabase } from '../platform/db/client';
import { loadMigrations, migrate } from '../platform/db/migrate';
import type { Logger } from '../platform/logger';

/**
 * The embedded database's template (docs/decisions/2026-11-26-first-start-template.md). Creating
 * a PGlite database runs PostgreSQL's initdb, which takes most of a first start (5-15 s on this
 * 2-core machine); `npm run build` does it once into `<BUILD_DIR>/db-template/`, with the
 * migrations and the job queue's tables, and a brand-new data folder starts as a copy of it. The
 * start-up then runs the migrations and installs the queue as always (each finds nothing to do),
 * so a missing or older template only costs time, never correctness. The template holds no row of
 * a shop: no secret (each shop makes its own at its first start), no account, no setting.
 */
const TEMPLATE_FOLDER = 'db-template';

export function templatePaths(buildDir: string) {
  const root = path.join(buildDir, TEMPLATE_FOLDER);
  return { root, pglite: path.join(root, 'pglite'), stamp: path.join(root, 'stamp.txt') };
}

const isDatabaseFolder = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/**
 * Copies the build's template to `pgliteDir` when that holds no database yet (missing or empty).
 * Never touches an existing database. The copy is made beside it and renamed into place, so an
 * interrupted copy leaves no half database. Returns whether it copied.
 */
export function copyTemplate(pgliteDir: string, buildDir: string): boolean {
  const template = templatePaths(buildDir).pglite;
  if (isDatabaseFolder(pgliteDir) || !isDatabaseFolder(template)) return false;
  // Something else in the folder (not a database): leave it to PGlite to say what is wrong.
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) return false;
  const copy = `${pgliteDir}.copy-${process.pid}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(template, copy, { recursive: true });
  rmSync(pgliteDir, { recursive: true, force: true });
  renameSync(copy, pgliteDir);
  return true;
}

/** What every database of the shop gets before its first request: the schema and the job queue. */
export async function prepareSchema(database: Database, logger: Logger): Promise<number> {
  const version = await migrate(database);
  await installJobQueue(database, logger);
  return version;
}

/**
 * What the template is made of: when none of it changed, the template of the last build is kept
 * (the build then skips initdb).
 */
async function templateStamp(): Promise<string> {
  const require = createRequire(import.meta.url);
  const versionOf = (name: string) => {
    // The package's own package.json, found from its entry point (exports may hide the file).
    for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (dir.endsWith(path.join('node_modules', name)) && existsSync(file))
        return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    }
    throw new Error(`No package.json found for ${name}`);
  };
  const hash = createHash('sha256');
  hash.update(`pglite ${versionOf('@electric-sql/pglite')}\npg-boss ${versionOf('pg-boss')}\n`);
  for (const migration of await loadMigrations()) hash.update(`${migration.name}\n${migration.sql}\n`);
  for (const job of JOB_DEFINITIONS) hash.update(`queue ${job.name}\n`);
  return hash.digest('hex');
}

/**
 * `npm run build`: makes the template, unless the one there is already made of the same migrations,
 * queues and library versions. Written beside the old one and swapped in at the end.
 */
export async function buildTemplate(buildDir: string, logger: Logger): Promise<'built' | 'kept'> {
  const paths = templatePaths(buildDir);
  const stamp = await templateStamp();
  if (isDatabaseFolder(paths.pglite) && existsSync(paths.stamp)) {
    if (readFileSync(paths.stamp, 'utf8').trim() === stamp) return 'kept';
  }
  const next = `${paths.root}.next`;
  rmSync(next, { recursive: true, force: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(next, 'pglite') });
  try {
    await prepareSchema(database, logger);
    const [rows] = await database.sql.query<{ secrets: number; users: number }>(
      'SELECT (SELECT count(*) FROM server_secrets) AS secrets, (SELECT count(*) FROM users) AS users',
    );
    // A template shared by every clone must not carry one shop's secret or accounts.
    if (Number(rows?.secrets) !== 0 || Number(rows?.users) !== 0)
      throw new Error('The database template must hold no secrets and no accounts');
  } finally {
    await database.close();
  }
  writeFileSync(path.join(next, 'stamp.txt'), `${stamp}\n`);
  rmSync(paths.root, { recursive: true, force: true });
  renameSync(next, paths.root);
  return 'built';
}
