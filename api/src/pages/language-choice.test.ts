import { describe, expect, it } from 'vitest';
import { acceptedWeights, chooseLanguage, cookieValue, hasSession } from './language-choice.ts';

describe('the language of a public address', () => {
  it('serves /en addresses in English whatever the browser or the saved preference says', () => {
    expect(chooseLanguage({ pathname: '/en/providers/abc', search: '', cookieHeader: 'lang=es', acceptLanguage: 'es-PR,es;q=0.9' })).toEqual({
      kind: 'page',
      language: 'en',
      basePath: '/providers/abc',
    });
    expect(chooseLanguage({ pathname: '/en', search: '' })).toEqual({ kind: 'page', language: 'en', basePath: '/' });
  });

  it('moves a Spanish address to English when the saved preference is English, keeping the query', () => {
    expect(chooseLanguage({ pathname: '/providers', search: '?category=plumbing', cookieHeader: 'rs_x=1; lang=en', acceptLanguage: 'es' })).toEqual({
      kind: 'redirect',
      location: '/en/providers?category=plumbing',
    });
    expect(chooseLanguage({ pathname: '/', search: '', cookieHeader: 'lang=en' })).toEqual({ kind: 'redirect', location: '/en' });
  });

  it('keeps Spanish when Spanish is saved, even for an English browser', () => {
    expect(chooseLanguage({ pathname: '/terms', search: '', cookieHeader: 'lang=es', acceptLanguage: 'en-US,en;q=0.9' })).toEqual({
      kind: 'page',
      language: 'es',
      basePath: '/terms',
    });
  });

  it('with nothing saved, follows Accept-Language only when it prefers English over Spanish', () => {
    const choose = (acceptLanguage?: string) => chooseLanguage({ pathname: '/providers/abc', search: '', acceptLanguage }).kind;
    expect(choose('en-US,en;q=0.9')).toBe('redirect');
    expect(choose('en-US,en;q=0.9,es;q=0.8')).toBe('redirect');
    expect(choose('es-PR,es;q=0.9,en;q=0.8')).toBe('page');
    expect(choose('fr-FR,en;q=0.5')).toBe('redirect');
    expect(choose('fr-FR')).toBe('page');
    expect(choose('*')).toBe('page');
    expect(choose('en;q=0.5,es;q=0.5')).toBe('page');
    expect(choose(undefined)).toBe('page');
    expect(choose('en;q=0')).toBe('page');
    // An unknown cookie value is no preference.
    expect(chooseLanguage({ pathname: '/', search: '', cookieHeader: 'lang=fr', acceptLanguage: 'en' }).kind).toBe('redirect');
  });

  it('leaves signed-in screens and unknown paths to the shell', () => {
    for (const pathname of ['/auth', '/client/home', '/providers/abc/book', '/en/auth', '/nowhere']) {
      expect(chooseLanguage({ pathname, search: '', cookieHeader: 'lang=en', acceptLanguage: 'en' })).toEqual({ kind: 'other' });
    }
  });

  it('reads cookies and weights forgivingly', () => {
    expect(cookieValue('a=1; lang=en; b', 'lang')).toBe('en');
    expect(cookieValue(undefined, 'lang')).toBeUndefined();
    expect(hasSession('rs_session=1')).toBe(true);
    expect(hasSession('lang=es')).toBe(false);
    expect(acceptedWeights('en-GB;q=0.7, es;q=0.9')).toEqual({ es: 0.9, en: 0.7 });
  });
});
