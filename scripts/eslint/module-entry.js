// @ts-check
/**
 * api modules meet at their front door (api/src/modules/README.md): code outside a module imports
 * it only through `api/src/modules/<name>/index.ts`, so what a module keeps to itself can move
 * without its neighbours noticing. Inside a module anything goes.
 */
import path from 'node:path';

const modulesDir = path.join('api', 'src', 'modules');

/** The module a file belongs to ('' for api/src outside modules), or null outside api/src. */
function moduleOf(file) {
  const relative = path.relative(process.cwd(), file);
  if (!relative.startsWith(path.join('api', 'src') + path.sep)) return null;
  if (!relative.startsWith(modulesDir + path.sep)) return '';
  const [name, ...rest] = relative.slice(modulesDir.length + 1).split(path.sep);
  return rest.length ? name : '';
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleEntry = {
  meta: {
    type: 'problem',
    docs: { description: "Import another api module only through its index.ts" },
    messages: { entry: "Import the '{{module}}' module through its index.ts (api/src/modules/README.md), not {{file}}." },
    schema: [],
  },
  create(context) {
    const from = moduleOf(context.filename);
    if (from === null) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = moduleOf(target);
      if (!to || to === from) return;
      if (path.basename(target) === 'index.ts' && path.dirname(target) === path.join(process.cwd(), modulesDir, to)) return;
      context.report({ node: node.source, messageId: 'entry', data: { module: to, file: path.relative(path.join(process.cwd(), modulesDir), target) } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const resuelvePlugin = { rules: { 'module-entry': moduleEntry } };
