import { describe, expect, it } from 'vitest';
import { createTranslator, languageFromSystem } from './main-i18n.ts';

describe('createTranslator', () => {
  it('reads the bundled desktop namespace in each language', () => {
    expect(createTranslator('es')('menu.quit')).toBe('Salir de Resuelve Pro');
    expect(createTranslator('en')('menu.quit')).toBe('Quit Resuelve Pro');
  });

  it('fills in values', () => {
    expect(createTranslator('en')('startup_error.invalid_api_origin', { value: 'ftp://x' })).toContain('“ftp://x”');
  });

  it('falls back to Spanish, then to the key', () => {
    const t = createTranslator('en', { en: { menu: {} }, es: { menu: { only_es: 'Sólo español' } } });
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
