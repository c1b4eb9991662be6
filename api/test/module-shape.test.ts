/**
 * One module shape (api/src/modules/README.md, decision 0047): every module names the same jobs
 * with the same files, so whoever knows one module knows them all. A stray name fails here.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const modulesDir = join(import.meta.dirname, '../src/modules');

/** What may stand at a module's top level: a file, or a folder for the same job when it grows. */
const allowedFiles = new Set(['index.ts', 'schemas.ts', 'service.ts', 'repository.ts', 'notices.ts']);
const allowedFolders = new Set(['routes', 'schemas', 'service', 'repository', 'notices']);

const modules = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());

function strayNames(module: string): string[] {
  return readdirSync(join(modulesDir, module)).filter((name) => {
    const folder = statSync(join(modulesDir, module, name)).isDirectory();
    return folder ? !allowedFolders.has(name) : !allowedFiles.has(name);
  });
}

describe('api modules', () => {
  it('are all listed here (the shape is checked for each)', () => {
    expect(modules.length).toBeGreaterThanOrEqual(20);
    expect(modules).toContain('jobs');
  });

  it.each(modules)('%s has only index.ts, routes/, schemas.ts, service, repository and notices at its top level', (module) => {
    expect(strayNames(module)).toEqual([]);
  });

  it.each(modules)('%s is a plugin in index.ts whose routes are one action per file', (module) => {
    const names = readdirSync(join(modulesDir, module));
    expect(names).toContain('index.ts');
    if (!names.includes('routes')) return;
    const routes = readdirSync(join(modulesDir, module, 'routes'));
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((name) => !/^[a-z0-9-]+\.ts$/.test(name))).toEqual([]);
  });
});

/** Code files below a folder, by path. */
function codeFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx)$/.test(name))
    .map((name) => join(folder, name));
}

describe('the size of a file', () => {
  it('is at most 400 lines in api/src and ui/src (STYLE.md: one reader can hold it)', () => {
    const root = join(import.meta.dirname, '../..');
    const long = ['api/src', 'ui/src']
      .flatMap((folder) => codeFiles(join(root, folder)))
      .map((file) => ({ file: file.slice(root.length + 1), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});

/** Which modules each module imports (relative imports and re-exports that land in another module). */
function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of modules) {
    const uses = new Set<string>();
    for (const file of codeFiles(join(modulesDir, module))) {
      const text = readFileSync(file, 'utf8');
      for (const [, source] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
        const target = join(file, '..', source!);
        if (!target.startsWith(modulesDir + '/')) continue;
        const other = target.slice(modulesDir.length + 1).split('/')[0]!;
        if (other !== module) uses.add(other);
      }
    }
    graph.set(module, uses);
  }
  return graph;
}

describe('module imports', () => {
  it('form no loop (a loop through index.ts can read a schema before it exists at start)', () => {
    const graph = moduleImports();
    const loops: string[] = [];
    const visit = (module: string, path: string[]) => {
      for (const next of graph.get(module) ?? []) {
        if (next === path[0]) loops.push([...path, next].join(' → '));
        else if (!path.includes(next) && next > path[0]!) visit(next, [...path, next]);
      }
    };
    for (const module of modules) visit(module, [module]);
    expect(loops).toEqual([]);
  });
});
