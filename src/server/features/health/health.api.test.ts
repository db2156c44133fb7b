import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { loadMigrations } from '../../platform/db/migrate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers with the database kind and the migration version', async () => {
    const migrations = await loadMigrations();
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      migrationVersion: migrations.at(-1)?.version,
    });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('makes its one database round trip and no other, even with a session cookie', async () => {
    const { cookie } = await createSignedInUser(t);
    const pooled = vi.spyOn(t.deps.database.sql, 'query');
    const reads = vi.spyOn(t.deps.database.reads, 'query');
    try {
      const response = await t.request('/api/health', { headers: { cookie } });
      expect(response.status).toBe(200);
      // The pool is the whole process's: a background job (the stale-holds sweep, the job queue)
      // may query it in the same moment. The request's own are those of the health check and of
      // a session lookup (sessions, users).
      const own = [...pooled.mock.calls, ...reads.mock.calls].filter(
        ([text]) => text.includes('schema_migrations') || /\b(sessions|users)\b/.test(text),
      );
      expect(own).toHaveLength(1);
      expect(own[0]![0]).toContain('schema_migrations');
      expect(response.headers.get('set-cookie')).toBeNull();
    } finally {
      pooled.mockRestore();
      reads.mockRestore();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });
});
