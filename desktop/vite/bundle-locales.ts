import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export interface LocaleFile {
  /** Path under the renderer root, e.g. `locales/es/common.json`. */
  fileName: string;
  source: string;
}

const languagePattern = /^[a-z]{2}$/;
const namespacePattern = /^[a-z][a-z0-9-]*\.json$/;

/** Every `{lng}/{ns}.json` under `localesDir`, checked to parse, so a broken file fails the build. */
export function listLocaleFiles(localesDir: string): LocaleFile[] {
  const files: LocaleFile[] = [];
  for (const lng of readdirSync(localesDir).filter((name) => languagePattern.test(name)).sort()) {
    for (const ns of readdirSync(join(localesDir, lng)).filter((name) => namespacePattern.test(name)).sort()) {
      const source = readFileSync(join(localesDir, lng, ns), 'utf8');
      try {
        JSON.parse(source);
      } catch (error) {
        throw new Error(`locales/${lng}/${ns} does not parse: ${(error as Error).message}`);
      }
      files.push({ fileName: `locales/${lng}/${ns}`, source });
    }
  }
  return files;
}

/**
 * Ships the translations inside the renderer build (served as app://console/locales/...), so the
 * console shows its screens, the unavailable one included, in the person's language even when the
 * api cannot be reached. The dev server serves the same files from the repository.
 */
export function bundleLocales(localesDir: string): Plugin {
  return {
    name: 'resuelve:bundle-locales',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = /^\/locales\/([a-z]{2})\/([a-z][a-z0-9-]*\.json)$/.exec(request.url?.split('?')[0] ?? '');
        if (!match) return next();
        try {
          const source = readFileSync(join(localesDir, match[1] as string, match[2] as string), 'utf8');
          response.setHeader('Content-Type', 'application/json; charset=utf-8');
          response.end(source);
        } catch {
          response.statusCode = 404;
          response.end();
        }
      });
    },
    generateBundle() {
      for (const file of listLocaleFiles(localesDir)) {
        this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
      }
    },
  };
}
