/**
 * One design system (docs/decisions/0027-design-system.md): every action is drawn by
 * components/button.tsx, so no feature stylesheet restyles buttons and no feature or entity draws one
 * from the old `btn` classes. A feature may place a button (its container's gap, a wrapper's width)
 * with its own class names, never through the element or the component's classes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');
/** The desktop's own screens (the offline view) draw with the same components. */
const desktopRenderer = join(import.meta.dirname, '..', '..', 'desktop', 'src', 'renderer');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const shown = (file: string) => relative(file.startsWith(src) ? src : join(src, '..', '..'), file).split(sep).join('/');
const all = filesUnder(src);
const featureSheets = [...all.filter((file) => shown(file).startsWith('features/')), ...filesUnder(desktopRenderer)].filter((file) => file.endsWith('.css'));
const stylesheets = all.filter((file) => file.endsWith('.css'));
const desktop = filesUnder(desktopRenderer);
const screens = [
  ...all.filter((file) => /^(features|entities)\//.test(shown(file)) && file.endsWith('.tsx') && !file.endsWith('.test.tsx')),
  ...desktop.filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx')),
];

/** Every selector of a stylesheet with its line, comments and declarations left out. */
export function selectorsOf(css: string): { selector: string; line: number }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found: { selector: string; line: number }[] = [];
  let start = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === '{') {
      const prelude = text.slice(start, at).trim();
      if (prelude && !prelude.startsWith('@')) found.push({ selector: prelude, line: text.slice(0, at).split('\n').length });
      start = at + 1;
    } else if (char === '}' || char === ';') {
      start = at + 1;
    }
  }
  return found;
}

/** A selector that reaches a button by its element, the old `.btn…` classes or the component's own classes. */
export function restylesButtons(selector: string): boolean {
  return /(^|[\s>+~,(])button(?![\w-])/.test(selector) || /\.btn(?![\w])|\.btn-/.test(selector) || /\.button(?![\w-])|\.button(--|__)/.test(selector);
}

/** A `btn` class token in a source file (a className string, a template, a class list). */
export function usesRawBtnClass(source: string): boolean {
  return /(^|["'`\s{])btn(-[\w-]+)?(?=["'`\s}])/m.test(source);
}

describe('the check itself', () => {
  it('sees buttons restyled by element, old class or component class, and lets a feature class pass', () => {
    expect(restylesButtons('.provider-card__actions .btn')).toBe(true);
    expect(restylesButtons('button.chip')).toBe(true);
    expect(restylesButtons('.tabs > button:hover')).toBe(true);
    expect(restylesButtons('.x .btn-ghost')).toBe(true);
    expect(restylesButtons('.bubble__actions .button--quiet')).toBe(true);
    expect(restylesButtons('.auth-link-button')).toBe(false);
    expect(restylesButtons('.owner-form__submit')).toBe(false);
    expect(restylesButtons('.provider-card__actions > *')).toBe(false);
  });

  it('sees a raw btn class and not a word that contains it', () => {
    expect(usesRawBtnClass('<button className="btn btn-primary">')).toBe(true);
    expect(usesRawBtnClass("className={`btn ${x}`}")).toBe(true);
    expect(usesRawBtnClass("className={ok ? 'btn-primary' : 'x'}")).toBe(true);
    expect(usesRawBtnClass('<Button variant="primary">')).toBe(false);
    expect(usesRawBtnClass('const submitBtn = useRef(null);')).toBe(false);
  });

  it('reads selectors with their lines', () => {
    expect(selectorsOf("@scope (x) to (y) {\n  .a .btn {\n    color: red;\n  }\n}")).toEqual([{ selector: '.a .btn', line: 2 }]);
  });
});

describe('no screen styles its own button', () => {
  it('finds the feature stylesheets and screens to check', () => {
    expect(featureSheets.length).toBeGreaterThan(10);
    expect(screens.length).toBeGreaterThan(50);
  });

  it('no feature stylesheet has a rule for button, .btn… or the Button component’s classes', () => {
    // FullCalendar draws its own toolbar buttons; the calendar's sheet themes the library, not an action of ours.
    const libraryThemes = new Set(['features/provider-console/job-calendar.css']);
    const found = featureSheets.filter((file) => !libraryThemes.has(shown(file))).flatMap((file) =>
      selectorsOf(readFileSync(file, 'utf8'))
        .filter(({ selector }) => restylesButtons(selector))
        .map(({ selector, line }) => `${shown(file)}:${line} ${selector}`),
    );
    expect(found).toEqual([]);
  });

  it('no screen under features/, entities/ or the desktop renderer uses a btn class instead of <Button>', () => {
    const found = screens.filter((file) => usesRawBtnClass(readFileSync(file, 'utf8'))).map(shown);
    expect(found).toEqual([]);
  });

  it('the old .btn classes are defined nowhere, so nothing can lean on them', () => {
    const found = stylesheets.flatMap((file) =>
      selectorsOf(readFileSync(file, 'utf8'))
        .filter(({ selector }) => /\.btn(?![\w])|\.btn-/.test(selector))
        .map(({ selector }) => `${shown(file)} ${selector}`),
    );
    expect(found).toEqual([]);
  });
});
