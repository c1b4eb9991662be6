/**
 * A public page as HTML with its content (docs/decisions/0034): the web build's server entry
 * (web/dist-server/entry-server.js) renders the screens for an anonymous visitor in one language,
 * asking the api's own GET routes in-process; this module puts that into web/dist/index.html with
 * `<html lang>`, the head of the page (modules/seo), the page's CSS inline and the state the
 * browser hydrates from. Anything missing or failing answers null: the caller serves the shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { locales } from '@resuelve/contract';
import type { Locale, PlaceRef, ProfileHeadData, PublicPage, SearchQueryParams, SeoTexts } from '@resuelve/contract';
import { publicHead, seoTexts } from '../modules/seo/index.ts';

/** An api GET answered in-process for an anonymous visitor. */
export interface ApiAnswer {
  status: number;
  body: string;
  contentType: string;
}

export interface PageRendererOptions {
  webDist: string;
  /** The built server entry; web/dist-server/entry-server.js beside webDist by default. */
  serverEntry?: string;
  localesDir: string;
  /** config.publicUrl, for the head's absolute addresses. */
  publicUrl: string;
  /** Answers `GET /api/v1/...` as the visitor at `remoteAddress` would get it, signed out. */
  api: (url: string, remoteAddress: string) => Promise<ApiAnswer>;
  /** Where a render that could not be used is told (the page is served as the shell instead). */
  warn: (message: string, details: Record<string, unknown>) => void;
  /** The api's clock: the page's "now" (available now, today), as the api's answers see it. */
  now?: () => Date;
}

export interface PageRequest {
  language: Locale;
  /** The Spanish path of the page, e.g. `/providers/abc` (language-choice.ts). */
  basePath: string;
  /** The query string with its `?`, or ''. */
  search: string;
  remoteAddress: string;
}

export interface RenderedPage {
  status: number;
  html: string;
}

export interface PageRenderer {
  /** The page with its content, or null when it must be rendered in the browser (logged). */
  render(request: PageRequest): Promise<RenderedPage | null>;
  /** The app's shell in a language (`<html lang>` right), for a page the browser renders alone. */
  shell(language: Locale): string | null;
}

interface ServerEntry {
  render(request: {
    url: string;
    language: Locale;
    resources: Record<string, Record<string, unknown>>;
    fetch: typeof fetch;
    now?: string;
  }): Promise<{ ok: true; html: string; state: string; status: number } | { ok: false; reason: string; status: number; queryKey: string }>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

type PageKind = PublicPage['kind'];

/** The screen module each kind of page loads (its CSS is inlined, its chunks started by page-boot.js). */
const screenModules: Record<PageKind, string> = {
  landing: 'ui/src/features/landing/landing-page.tsx',
  search: 'ui/src/features/directory/directory-pages.tsx',
  profile: 'ui/src/features/directory/directory-pages.tsx',
  terms: 'ui/src/features/legal/legal-page.tsx',
  privacy: 'ui/src/features/legal/legal-page.tsx',
  ranking: 'ui/src/features/legal/ranking-page.tsx',
};

export function pageKindOf(basePath: string): PageKind {
  if (basePath === '/') return 'landing';
  if (basePath === '/terms') return 'terms';
  if (basePath === '/privacy') return 'privacy';
  if (basePath === '/ranking') return 'ranking';
  if (basePath === '/providers') return 'search';
  return 'profile';
}

function readJsonDir(dir: string): Record<string, unknown> {
  const words: Record<string, unknown> = {};
  for (const file of fs.readdirSync(dir)) {
    if (file.endsWith('.json')) words[file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown;
  }
  return words;
}

/** The page's screen chunk, its imports' chunks and all their CSS, from Vite's manifest. */
function screenAssets(manifest: Record<string, ManifestChunk>, screen: string): { css: string[]; scripts: string[] } {
  const key = Object.keys(manifest).find((k) => k.endsWith(screen));
  const css = new Set<string>();
  const scripts = new Set<string>();
  const seen = new Set<string>();
  const walk = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name) || chunk.isEntry) return;
    seen.add(name);
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  if (key) walk(key);
  return { css: [...css], scripts: [...scripts] };
}

/**
 * Every chunk the page's code needs, each after the chunks it imports, the entry last: page-boot.js
 * evaluates them one by one, a task each, so starting the app is no one long task (decision 0040).
 */
function bootOrder(manifest: Record<string, ManifestChunk>, screen: string): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    for (const imported of chunk.imports ?? []) visit(imported);
    order.push(`/${chunk.file}`);
  };
  const entry = Object.keys(manifest).find((name) => manifest[name]!.isEntry);
  const screenKey = Object.keys(manifest).find((name) => name.endsWith(screen));
  // The screen's chunks first (they import the entry's shared chunks, not the entry itself).
  if (screenKey) visit(screenKey);
  if (entry) visit(entry);
  return order;
}

const stylesheetLink = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>\s*/g;
const entryScript = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>\s*/;
const modulePreload = /<link rel="modulepreload"[^>]*>\s*/g;

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const entryFile = options.serverEntry ?? path.join(path.dirname(options.webDist), 'dist-server', 'entry-server.js');
  const resources: Record<string, Record<string, unknown>> = Object.fromEntries(
    locales.map((lng) => [lng, readJsonDir(path.join(options.localesDir, lng))]),
  );
  const texts = new Map<Locale, Promise<SeoTexts>>(locales.map((lng) => [lng, seoTexts(options.localesDir, lng)]));
  let entry: Promise<ServerEntry> | null = null;
  let built: { stamp: number; template: string; manifest: Record<string, ManifestChunk> } | null = null;
  const cssFiles = new Map<string, string>();

  /** index.html and the manifest, read again only when the web app was rebuilt. */
  function build() {
    const indexFile = path.join(options.webDist, 'index.html');
    const manifestFile = path.join(options.webDist, '.vite', 'manifest.json');
    if (!fs.existsSync(indexFile) || !fs.existsSync(manifestFile) || !fs.existsSync(entryFile)) return null;
    const stamp = fs.statSync(indexFile).mtimeMs;
    if (built?.stamp !== stamp) {
      built = {
        stamp,
        template: fs.readFileSync(indexFile, 'utf8'),
        manifest: JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>,
      };
      cssFiles.clear();
    }
    return built;
  }

  function cssText(file: string): string {
    let text = cssFiles.get(file);
    if (text === undefined) {
      text = fs.readFileSync(path.join(options.webDist, file), 'utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '');
      cssFiles.set(file, text);
    }
    return text;
  }

  const withLanguage = (html: string, language: Locale) => html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);

  /** In-process fetch for the server entry: GETs of the api only, as the visitor. */
  function visitorFetch(remoteAddress: string): typeof fetch {
    return async (input, init) => {
      // The render asks by path (its api is the page's own origin); the base only makes it a URL.
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://page.local');
      if ((init?.method ?? 'GET') !== 'GET' || !url.pathname.startsWith('/api/v1/')) {
        throw new Error(`server render: only api GETs are answered (${init?.method ?? 'GET'} ${url.pathname})`);
      }
      const answer = await options.api(url.pathname + url.search, remoteAddress);
      return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers: { 'content-type': answer.contentType } });
    };
  }

  async function apiJson<T>(url: string, remoteAddress: string): Promise<T | null> {
    const answer = await options.api(url, remoteAddress);
    return answer.status === 200 ? (JSON.parse(answer.body) as T) : null;
  }

  /** What the head builder needs of the page, from the api's own answers. */
  async function headPage(kind: PageKind, request: PageRequest): Promise<PublicPage | null> {
    if (kind === 'landing' || kind === 'terms' || kind === 'privacy' || kind === 'ranking') return { kind };
    if (kind === 'profile') {
      const id = request.basePath.slice('/providers/'.length);
      const provider = await apiJson<ProfileHeadData>(`/api/v1/providers/${id}?locale=${request.language}`, request.remoteAddress);
      return provider ? { kind: 'profile', provider } : null;
    }
    const params = new URLSearchParams(request.search);
    const query: SearchQueryParams = {};
    for (const key of new Set(params.keys())) {
      const values = params.getAll(key);
      query[key] = values.length === 1 ? values[0] : values;
    }
    const category = params.get('category');
    const municipality = params.get('municipality');
    const [categories, municipalities] = await Promise.all([
      category ? apiJson<{ items: PlaceRef[] }>(`/api/v1/categories?locale=${request.language}`, request.remoteAddress) : null,
      municipality ? apiJson<{ items: PlaceRef[] }>('/api/v1/geo/municipalities?q=&limit=100', request.remoteAddress) : null,
    ]);
    const pick = (list: { items: PlaceRef[] } | null, slug: string | null) => {
      const found = slug ? list?.items.find((item) => item.slug === slug) : undefined;
      return found ? { slug: found.slug, name: found.name } : null;
    };
    return { kind: 'search', query, category: pick(categories, category), municipality: pick(municipalities, municipality) };
  }

  return {
    shell(language) {
      const files = build();
      return files ? withLanguage(files.template, language) : null;
    },

    async render(request) {
      const files = build();
      if (!files) return null;
      const url = (request.language === 'en' ? `/en${request.basePath === '/' ? '' : request.basePath}` : request.basePath) + request.search;
      const kind = pageKindOf(request.basePath);
      try {
        entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
        const [result, page, seo] = await Promise.all([
          (await entry).render({ url, language: request.language, resources, fetch: visitorFetch(request.remoteAddress), now: (options.now?.() ?? new Date()).toISOString() }),
          headPage(kind, request),
          texts.get(request.language)!,
        ]);
        // An unknown provider, say: the browser shows its own not-found page, with the status.
        if (!result.ok) return { status: result.status, html: withLanguage(files.template, request.language) };
        if (!page) return null;
        const screen = screenAssets(files.manifest, screenModules[kind]);
        const entryCss = [...files.template.matchAll(stylesheetLink)].map((m) => m[1]!.slice(1));
        const pageCss = [...new Set([...entryCss, ...screen.css])];
        const styles = pageCss.map(cssText).join('\n');
        // Each inlined file also named by a disabled link (never fetched): the app's loader of a
        // screen's CSS (Vite's preload helper) sees it there and does not fetch it again, which
        // made the phone restyle and lay out the whole page once per file (decision 0043).
        const inlined = pageCss.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('\n    ');
        // The app's code starts after the first paint (web/public/page-boot.js): nothing the head asks
        // for but the text font (the template's preload, web/vite.config.ts) competes with the page
        // itself on a slow line (decision 0040).
        const entrySrc = files.template.match(entryScript)?.[1];
        const modules = bootOrder(files.manifest, screenModules[kind]).filter((file) => file !== entrySrc);
        const boot = entrySrc
          ? `<meta name="rs-entry" content="${entrySrc}">\n    <meta name="rs-modules" content="${modules.join(' ')}">\n    <script type="module" src="/page-boot.js"></script>`
          : '';
        const html = withLanguage(files.template, request.language)
          .replace(/<meta name="description"[^>]*>\s*/, '')
          // Replaced by functions: a `$` in a name or a style is text, not a replacement pattern.
          .replace(/<title>[^<]*<\/title>/, () => publicHead(page, { publicUrl: options.publicUrl, locale: request.language, texts: seo }))
          .replace(stylesheetLink, '')
          .replace(entryScript, '')
          .replace(modulePreload, '')
          .replace('</head>', () => `    <style data-page-css>${styles}</style>\n    ${inlined}\n    ${boot}\n  </head>`)
          .replace(
            '<div id="root"></div>',
            () => `<div id="root">${result.html}</div>\n    <script type="application/json" id="rs-page-state">${result.state}</script>`,
          );
        return { status: result.status, html };
      } catch (error) {
        options.warn('server render failed; the page is rendered in the browser', {
          url,
          error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
        });
        return null;
      }
    },
  };
}
