import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDesktopCatalogs } from '../../vite/desktop-catalogs.ts';
import { createTranslator, languageFromSystem } from './main-i18n.ts';

const catalogs = readDesktopCatalogs(join(import.meta.dirname, '../../../locales'));

describe('createTranslator', () => {
  it('reads the bundled desktop namespace in each language', () => {
    expect(createTranslator(catalogs, 'es')('menu.quit')).toBe('Salir de Resuelve Pro');
    expect(createTranslator(catalogs, 'en')('menu.quit')).toBe('Quit Resuelve Pro');
  });

  it('fills in values', () => {
    expect(createTranslator(catalogs, 'en')('startup_error.invalid_api_origin', { value: 'ftp://x' })).toContain('“ftp://x”');
  });

  it('falls back to Spanish, then to the key', () => {
    const t = createTranslator({ en: { menu: {} }, es: { menu: { only_es: 'Sólo español' } } }, 'en');
    expect(t('menu.only_es')).toBe('Sólo español');
    expect(t('menu.nowhere')).toBe('menu.nowhere');
  });
});

describe('languageFromSystem', () => {
  it('takes the first system language the product speaks, Spanish otherwise', () => {
    expect(languageFromSystem(['en-US', 'es-PR'])).toBe('en');
    expect(languageFromSystem(['fr-FR', 'es-419'])).toBe('es');
    expect(languageFromSystem(['de-DE'])).toBe('es');
    expect(languageFromSystem([])).toBe('es');
  });
});
