import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyTemplate, templatePaths } from './template';

/** A folder that looks like a PostgreSQL data folder to copyTemplate: PG_VERSION and one file. */
function fakeDatabase(dir: string, marker: string) {
  mkdirSync(path.join(dir, 'base'), { recursive: true });
  writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
  writeFileSync(path.join(dir, 'base', 'marker'), marker);
}

describe('copyTemplate', () => {
  let root: string;
  let buildDir: string;
  let pgliteDir: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'db-template-'));
    buildDir = path.join(root, 'build');
    pgliteDir = path.join(root, 'data', 'pglite');
    mkdirSync(path.dirname(pgliteDir), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const marker = () => readFileSync(path.join(pgliteDir, 'base', 'marker'), 'utf8');

  it('gives a brand-new data folder a copy of the build’s template, and leaves nothing beside it', () => {
    fakeDatabase(templatePaths(buildDir).pglite, 'template');
    expect(copyTemplate(pgliteDir, buildDir)).toBe(true);
    expect(marker()).toBe('template');
    expect(readdirSync(path.dirname(pgliteDir))).toEqual(['pglite']);
    // The template itself is untouched.
    expect(readFileSync(path.join(templatePaths(buildDir).pglite, 'base', 'marker'), 'utf8')).toBe(
      'template',
    );
  });

  it('makes the data folder when there is none yet (a fresh clone)', () => {
    fakeDatabase(templatePaths(buildDir).pglite, 'template');
    const fresh = path.join(root, 'no-data-yet', 'pglite');
    expect(copyTemplate(fresh, buildDir)).toBe(true);
    expect(readFileSync(path.join(fresh, 'base', 'marker'), 'utf8')).toBe('template');
  });

  it('fills an empty database folder too', () => {
    fakeDatabase(templatePaths(buildDir).pglite, 'template');
    mkdirSync(pgliteDir);
    expect(copyTemplate(pgliteDir, buildDir)).toBe(true);
    expect(marker()).toBe('template');
  });

  it('never touches a database that exists', () => {
    fakeDatabase(templatePaths(buildDir).pglite, 'template');
    fakeDatabase(pgliteDir, 'the shop’s own data');
    expect(copyTemplate(pgliteDir, buildDir)).toBe(false);
    expect(marker()).toBe('the shop’s own data');
  });

  it('leaves a folder holding something else alone', () => {
    fakeDatabase(templatePaths(buildDir).pglite, 'template');
    mkdirSync(pgliteDir);
    writeFileSync(path.join(pgliteDir, 'notes.txt'), 'mine');
    expect(copyTemplate(pgliteDir, buildDir)).toBe(false);
    expect(readdirSync(pgliteDir)).toEqual(['notes.txt']);
  });

  it('does nothing without a template (a build older than the template): the database is created as before', () => {
    expect(copyTemplate(pgliteDir, buildDir)).toBe(false);
    expect(readdirSync(path.dirname(pgliteDir))).toEqual([]);
  });
});
