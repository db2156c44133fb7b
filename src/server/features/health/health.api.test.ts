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
    const queries = vi.spyOn(t.deps.database.sql, 'query');
    try {
      const response = await t.request('/api/health', { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(queries).toHaveBeenCalledTimes(1);
      expect(response.headers.get('set-cookie')).toBeNull();
    } finally {
      queries.mockRestore();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });
});
