/**
 * Feature stylesheets load with their screens and stay loaded, so a rule that escapes its feature
 * restyles every screen visited afterwards. These checks keep each feature's rules inside
 * `@scope ([data-feature='<feature>']) to ([data-feature])`, with the feature's roots carrying that
 * attribute, and keep one definition of each shared class and animation
 * (docs/decisions/0018-scoped-styles.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const allFiles = filesUnder(src);
const stylesheets = allFiles.filter((file) => file.endsWith('.css'));
const sources = allFiles.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
const read = (file: string) => readFileSync(file, 'utf8');
const shown = (file: string) => relative(src, file).split(sep).join('/');

/** The feature a file belongs to (`features/<feature>/…`), or null for shared code. */
function featureOf(file: string): string | null {
  const [top, feature] = relative(src, file).split(sep);
  return top === 'features' && feature ? feature : null;
}

interface Statement {
  /** The selector, or the at-rule with its prelude ("@media (max-width: 640px)"). */
  prelude: string;
  /** The statements inside the braces; null for a declaration or a statement ending in ";". */
  children: Statement[] | null;
}

/** Just enough of CSS syntax for these checks: comments, strings, blocks and their nesting. */
function parse(css: string): Statement[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let at = 0;
  function block(): Statement[] {
    const found: Statement[] = [];
    let start = at;
    while (at < text.length) {
      const char = text[at]!;
      if (char === '"' || char === "'") {
        at = text.indexOf(char, at + 1) + 1;
        continue;
      }
      if (char === '{') {
        const prelude = text.slice(start, at).trim();
        at += 1;
        found.push({ prelude, children: block() });
        start = at;
        continue;
      }
      if (char === '}') {
        const rest = text.slice(start, at).trim();
        if (rest) found.push({ prelude: rest, children: null });
        at += 1;
        return found;
      }
      if (char === ';') {
        found.push({ prelude: text.slice(start, at).trim(), children: null });
        start = at + 1;
      }
      at += 1;
    }
    const rest = text.slice(start).trim();
    if (rest) found.push({ prelude: rest, children: null });
    return found;
  }
  return block();
}

/** Every style rule's selector, through @scope, @media and @supports. */
function selectorsIn(statements: Statement[]): string[] {
  return statements.flatMap((statement) => {
    if (!statement.children) return [];
    if (statement.prelude.startsWith('@keyframes')) return [];
    if (statement.prelude.startsWith('@')) return selectorsIn(statement.children);
    return [statement.prelude, ...selectorsIn(statement.children)];
  });
}

function atRulesIn(statements: Statement[]): string[] {
  return statements.flatMap((statement) =>
    statement.prelude.startsWith('@') ? [statement.prelude, ...(statement.children ? atRulesIn(statement.children) : [])] : [],
  );
}

function keyframesIn(statements: Statement[]): string[] {
  return atRulesIn(statements)
    .filter((rule) => rule.startsWith('@keyframes'))
    .map((rule) => rule.slice('@keyframes'.length).trim());
}

const scopeOf = (feature: string) => `@scope ([data-feature='${feature}']) to ([data-feature])`;

const featureSheets = stylesheets.filter((file) => featureOf(file) !== null);
const globalSheets = stylesheets.filter((file) => featureOf(file) === null);

describe('feature stylesheets', () => {
  it('exist, so these checks look at something', () => {
    expect(featureSheets.length).toBeGreaterThan(10);
  });

  it.each(featureSheets.map((file) => [shown(file), file]))('%s holds its rules inside its feature scope', (_, file) => {
    const feature = featureOf(file)!;
    const statements = parse(read(file));
    const outside = statements.filter(
      (statement) => statement.prelude !== scopeOf(feature) && !statement.prelude.startsWith(`@keyframes ${feature}-`),
    );
    expect(outside.map((statement) => statement.prelude), `only "${scopeOf(feature)} { … }" and @keyframes ${feature}-… may stand at the top`).toEqual([]);

    const inside = statements.filter((statement) => statement.prelude === scopeOf(feature)).flatMap((statement) => statement.children ?? []);
    const escaping = selectorsIn(inside).filter((selector) => /:root|(^|[\s,>+~(])(html|body)\b|\[data-feature/.test(selector));
    expect(escaping, 'a selector inside the scope reaches the document or another feature').toEqual([]);
    const atRules = atRulesIn(inside).filter((rule) => !/^@(media|supports|container)\b/.test(rule));
    expect(atRules, 'inside the scope only @media, @supports and @container').toEqual([]);
  });

  it('are imported only by their own feature', () => {
    const strays: string[] = [];
    for (const file of sources) {
      for (const [, path] of read(file).matchAll(/import\s+'([^']+\.css)'/g)) {
        const sheet = join(file, '..', path!);
        const owner = featureOf(sheet);
        if (owner !== null && owner !== featureOf(file)) strays.push(`${shown(file)} imports ${shown(sheet)}`);
      }
    }
    expect(strays).toEqual([]);
  });
});

describe('feature roots', () => {
  const marksOf = (feature: string) =>
    sources
      .filter((file) => featureOf(file) === feature)
      .flatMap((file) => [...read(file).matchAll(/\b(?:data-)?feature="([^"]+)"/g)].map((match) => match[1]!));
  const styled = new Set(featureSheets.map((file) => featureOf(file)!));
  const features = [...new Set(sources.map(featureOf).filter((feature) => feature !== null))];

  it.each([...styled])('%s marks its screens with data-feature', (feature) => {
    expect(marksOf(feature).length, `no root in features/${feature} says feature="${feature}" or data-feature="${feature}"`).toBeGreaterThan(0);
  });

  it.each(features)('%s names only itself as the feature of its roots', (feature) => {
    expect([...new Set(marksOf(feature))].filter((mark) => mark !== feature)).toEqual([]);
  });

  it('stay where the styles reach: no portal mounts outside its feature root', () => {
    // A portal would draw a feature's dialog under <body>, where its feature's @scope does not apply.
    const portals = sources.filter((file) => read(file).includes('createPortal') && !read(file).includes('data-feature'));
    expect(portals.map(shown)).toEqual([]);
  });
});

describe('entity stylesheets', () => {
  const entitySheets = stylesheets.filter((file) => relative(src, file).split(sep)[0] === 'entities');

  it.each(entitySheets.map((file) => [shown(file), file]))('%s holds its rules inside @scope blocks rooted at its pieces (decision 0048)', (_, file) => {
    // A piece may stop its scope at pieces drawn inside it (`to (.<inner>)`), so a card's rules
    // never reach the lines and totals it holds.
    const outside = parse(read(file)).filter((statement) => !/^@scope \(\.[\w-]+\)( to \(\.[\w-]+(, \.[\w-]+)*\))?$/.test(statement.prelude));
    expect(outside.map((statement) => statement.prelude), 'only "@scope (.<piece>) [to (.<inner>)] { … }" may stand at the top').toEqual([]);
  });
});

describe('global stylesheets (tokens, base, shell, shared pieces)', () => {
  it('define each class once: a bare `.name` rule lives in one stylesheet', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of globalSheets) {
      for (const selector of selectorsIn(parse(read(file)))) {
        for (const part of selector.split(',')) {
          const bare = /^\.(-?[_a-zA-Z][\w-]*)(?:[:[][^\s>+~]*)?$/.exec(part.trim());
          if (!bare || /\.[\w-]+.*\./.test(part)) continue;
          const files = owners.get(bare[1]!) ?? new Set<string>();
          files.add(shown(file));
          owners.set(bare[1]!, files);
        }
      }
    }
    const twice = [...owners].filter(([, files]) => files.size > 1).map(([name, files]) => `.${name}: ${[...files].join(', ')}`);
    expect(twice).toEqual([]);
  });
});

describe('animations', () => {
  it('each @keyframes name is defined once in the whole ui', () => {
    const seen = new Map<string, string[]>();
    for (const file of stylesheets) {
      for (const name of keyframesIn(parse(read(file)))) seen.set(name, [...(seen.get(name) ?? []), shown(file)]);
    }
    expect([...seen].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
