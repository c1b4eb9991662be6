/**
 * The texts a person reads, straight from locales/{lng}/{ns}.json, so every journey finds its
 * buttons and messages by what is on the screen, in the language of its project.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLocale, locales, type Locale } from '@resuelve/contract';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');

type Tree = { [key: string]: string | Tree };
type Vars = Record<string, string | number>;

/** `t('auth:signIn.submit')`, with {{name}} interpolation and i18next's _one/_other plurals. */
export type Translate = (key: string, vars?: Vars) => string;

const cache = new Map<string, Tree>();

function namespace(lng: Locale, ns: string): Tree {
  const file = path.join(localesDir, lng, `${ns}.json`);
  let tree = cache.get(file);
  if (!tree) {
    tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
    cache.set(file, tree);
  }
  return tree;
}

function lookup(tree: Tree, dotted: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of dotted.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function raw(lng: Locale, key: string, count?: number): string {
  const [ns, dotted] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const tree = namespace(lng, ns);
  const plural = count === undefined ? undefined : new Intl.PluralRules(lng).select(count);
  const found = (plural && lookup(tree, `${dotted}_${plural}`)) ?? lookup(tree, dotted) ?? lookup(tree, `${dotted}_other`);
  if (found === undefined) throw new Error(`No text "${key}" in locales/${lng}/${ns}.json`);
  return found;
}

export function translator(lng: Locale): Translate {
  return (key, vars = {}) => {
    const count = typeof vars.count === 'number' ? vars.count : undefined;
    return raw(lng, key, count).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A text whose numbers change while the person watches (a countdown): every {{var}} matches any
 * digits. The plural form is the one for `pluralFor`.
 */
export function textPattern(lng: Locale, key: string, pluralFor = 2): RegExp {
  const source = escapeRegExp(raw(lng, key, pluralFor)).replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '\\d+');
  return new RegExp(source);
}

export function languageOf(projectName: string): Locale {
  if (!isLocale(projectName)) throw new Error(`Project "${projectName}" is not a language (${locales.join(', ')})`);
  return projectName;
}

export function otherLanguage(lng: Locale): Locale {
  return lng === 'es' ? 'en' : 'es';
}
