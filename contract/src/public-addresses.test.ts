import { describe, expect, it } from 'vitest';
import { isPublicBasePath, localizedPath, publicAddressOf } from './public-addresses.ts';

describe('public addresses', () => {
  it('names the language and the Spanish path of a public page', () => {
    expect(publicAddressOf('/')).toEqual({ language: 'es', basePath: '/' });
    expect(publicAddressOf('/en')).toEqual({ language: 'en', basePath: '/' });
    expect(publicAddressOf('/en/')).toEqual({ language: 'en', basePath: '/' });
    expect(publicAddressOf('/en/providers/abc')).toEqual({ language: 'en', basePath: '/providers/abc' });
    expect(publicAddressOf('/providers')).toEqual({ language: 'es', basePath: '/providers' });
    expect(publicAddressOf('/en/terms')).toEqual({ language: 'en', basePath: '/terms' });
  });

  it('knows signed-in screens and unknown paths are not public pages', () => {
    for (const path of ['/auth', '/client/home', '/providers/abc/book', '/en/auth', '/enx', '/en/en', '/messages']) {
      expect(publicAddressOf(path)).toBeNull();
    }
    expect(isPublicBasePath('/privacy')).toBe(true);
  });

  it('moves a public address between languages keeping query and hash, and leaves other paths alone', () => {
    expect(localizedPath('/providers?category=plumbing&municipality=san-juan', 'en')).toBe('/en/providers?category=plumbing&municipality=san-juan');
    expect(localizedPath('/en/providers?q=x#top', 'es')).toBe('/providers?q=x#top');
    expect(localizedPath('/', 'en')).toBe('/en');
    expect(localizedPath('/en', 'es')).toBe('/');
    expect(localizedPath('/en/providers/abc', 'en')).toBe('/en/providers/abc');
    expect(localizedPath('/auth?mode=signup', 'en')).toBe('/auth?mode=signup');
    expect(localizedPath('/providers/abc/book', 'en')).toBe('/providers/abc/book');
  });
});
