import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listLocaleFiles } from './bundle-locales.ts';

let folder: string | null = null;

afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = null;
});

async function makeLocales(files: Record<string, string>): Promise<string> {
  folder = await mkdtemp(join(tmpdir(), 'resuelve-locales-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(folder, path, '..'), { recursive: true });
    await writeFile(join(folder, path), content);
  }
  return folder;
}

describe('listLocaleFiles', () => {
  it('lists every namespace of every language, and nothing else', async () => {
    const dir = await makeLocales({
      'es/common.json': '{"a":"b"}',
      'en/common.json': '{"a":"b"}',
      'en/desktop.json': '{}',
      'locales.test.ts': 'not a locale',
      'es/notes.txt': 'ignored',
    });
    expect(listLocaleFiles(dir).map((f) => f.fileName)).toEqual([
      'locales/en/common.json',
      'locales/en/desktop.json',
      'locales/es/common.json',
    ]);
  });

  it('fails the build on a file that does not parse', async () => {
    const dir = await makeLocales({ 'es/common.json': '{ "a": ' });
    expect(() => listLocaleFiles(dir)).toThrow(/locales\/es\/common\.json does not parse/);
  });

  it('finds the real desktop namespace in both languages', () => {
    const names = listLocaleFiles(join(import.meta.dirname, '../../locales')).map((f) => f.fileName);
    expect(names).toEqual(expect.arrayContaining(['locales/es/desktop.json', 'locales/en/desktop.json']));
  });
});
