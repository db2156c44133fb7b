import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { installJobQueue } from '../../src/server/jobs';
import { dumpPglite, openDatabase } from '../../src/server/platform/db/client';
import { ensureDefaults } from '../../src/server/platform/db/defaults';
import { migrate } from '../../src/server/platform/db/migrate';
import { createLogger } from '../../src/server/platform/logger';
import { adminUrl, databaseUrl, templateName } from './postgres';

/**
 * Builds the migrated template every API test file starts from: a PGlite data-dir tarball, or,
 * with TEST_DATABASE_URL, a PostgreSQL template database that each file copies.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = templateName();
    const admin = await openDatabase({ kind: 'postgres', url: adminUrl(serverUrl), maxConnections: 1 });
    await admin.sql.exec(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.sql.exec(`CREATE DATABASE ${template}`);
    const database = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(serverUrl, template),
      maxConnections: 1,
    });
    await migrate(database);
    await ensureDefaults(database);
    await installJobQueue(database, createLogger('silent'));
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', url: serverUrl, template });
    return async () => {
      const leftovers = await admin.sql.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${template}%`],
      );
      for (const { datname } of leftovers)
        await admin.sql.exec(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.close();
    };
  }

  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  await ensureDefaults(database);
  await installJobQueue(database, createLogger('silent'));
  const dump = await dumpPglite(database);
  await database.close();
  const dir = path.resolve('.tmp');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', file });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}
