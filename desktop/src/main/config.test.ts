import { describe, expect, it } from 'vitest';
import { ConfigError, defaultApiOrigin, readConfig, toHttpOrigin } from './config.ts';

describe('readConfig', () => {
  it('defaults to the local development server', () => {
    expect(readConfig({})).toEqual({ apiOrigin: defaultApiOrigin });
    expect(defaultApiOrigin).toBe('http://localhost:3000');
  });

  it('takes RESUELVE_API_ORIGIN and keeps only its origin', () => {
    expect(readConfig({ RESUELVE_API_ORIGIN: 'https://api.resuelve.pr/' })).toEqual({
      apiOrigin: 'https://api.resuelve.pr',
    });
    expect(readConfig({ RESUELVE_API_ORIGIN: 'http://127.0.0.1:4000/some/path' }).apiOrigin).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it('prefers the run-time variable over the build-time origin', () => {
    expect(readConfig({ RESUELVE_API_ORIGIN: 'http://a.test' }, 'https://b.test').apiOrigin).toBe('http://a.test');
    expect(readConfig({}, 'https://b.test').apiOrigin).toBe('https://b.test');
  });

  it('refuses an origin that is not http(s)', () => {
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'ftp://x.test']) {
      expect(() => readConfig({ RESUELVE_API_ORIGIN: bad })).toThrow(ConfigError);
    }
  });
});

describe('toHttpOrigin', () => {
  it('refuses credentials in the URL', () => {
    expect(toHttpOrigin('https://user:pw@api.test')).toBeNull();
  });
});
