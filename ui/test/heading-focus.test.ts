/**
 * A heading the app moves focus to (a step, a section, an outcome: `tabIndex={-1}`) is not drawn
 * with the coral focus box, which read as an error on the onboarding's step title (issue 27, small
 * of point 11). It keeps a calm mark (an underline in the brand colour), so a keyboard user still
 * sees where they are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));

/** Each rule of a stylesheet as selector and body (nested at-rules flattened; comments left out). */
function rulesOf(css: string): { selector: string; body: string }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{};]+)\{([^{}]*)\}/g)].map((match) => ({ selector: match[1]!.trim().replace(/\s+/g, ' '), body: match[2]! }));
}

const base = readFileSync(join(src, 'styles', 'base.css'), 'utf8');
const headingClasses = filesUnder(src)
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
  .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/<h[1-4][^>]*tabIndex=\{-1\}[^>]*>/g)].map((tag) => /className="([^" ]+)/.exec(tag[0])?.[1]))
  .filter((name): name is string => Boolean(name));

describe('headings focused by the app', () => {
  it('are found (the onboarding step title among them)', () => {
    expect(headingClasses).toContain('onb-step__title');
  });

  it('get a calm underline, not the focus outline, from the base stylesheet', () => {
    const rule = rulesOf(base).find((r) => r.selector.includes("[tabindex='-1']:focus-visible") && /:is\(h1, ?h2, ?h3, ?h4\)/.test(r.selector));
    expect(rule, 'a base rule for :is(h1, h2, h3, h4)[tabindex=\'-1\']:focus-visible').toBeTruthy();
    expect(rule!.body).toMatch(/outline:\s*none/);
    expect(rule!.body).toMatch(/text-decoration-color:\s*var\(--color-primary\)/);
  });

  it('are never given the coral focus colour by a feature stylesheet', () => {
    const sheets = filesUnder(src).filter((file) => file.endsWith('.css'));
    const offenders = sheets.flatMap((file) =>
      rulesOf(readFileSync(file, 'utf8'))
        .filter((r) => headingClasses.some((name) => r.selector.includes(`.${name}:focus`)) && r.body.includes('--color-focus'))
        .map((r) => `${file}: ${r.selector}`),
    );
    expect(offenders).toEqual([]);
  });
});
