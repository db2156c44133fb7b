import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/**
 * Ordered plain-SQL migrations (NNNN_name.sql), the same files on PGlite and PostgreSQL.
 * All pending files run in one transaction under an advisory lock, so several server processes
 * starting at once apply each migration exactly once.
 */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_ID = 4_242_001;

export type Migration = { version: number; name: string; sql: string };

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 4)),
      name: file.replace(/\.sql$/, ''),
      sql: await readFile(`${dir}${file}`, 'utf8'),
    })),
  );
}

export async function migrate(database: Database, migrations?: Migration[]): Promise<number> {
  const all = migrations ?? (await loadMigrations());
  return database.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    await sql.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set(
      (await sql.query<{ version: number }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    );
    for (const migration of all) {
      if (applied.has(migration.version)) continue;
      await sql.exec(migration.sql);
      await sql.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    return currentVersion(sql);
  });
}

export async function currentVersion(sql: Database['sql']): Promise<number> {
  const [row] = await sql.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return row?.version ?? 0;
}
