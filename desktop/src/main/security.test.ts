import { describe, expect, it } from 'vitest';
import { appOrigin, buildContentSecurityPolicy, decideNavigation, isHttpUrl, originOf } from './security.ts';

const appOrigins = [appOrigin];

describe('decideNavigation', () => {
  it('stays inside the app', () => {
    expect(decideNavigation(`${appOrigin}/index.html#/provider/home`, appOrigins)).toBe('allow');
  });

  it('sends http(s) links to the system browser', () => {
    expect(decideNavigation('https://maps.google.com/?q=Ponce', appOrigins)).toBe('open-externally');
    expect(decideNavigation('http://example.com', appOrigins)).toBe('open-externally');
  });

  it('refuses other schemes and look-alike origins', () => {
    for (const url of ['file:///C:/Windows/system32/calc.exe', 'javascript:alert(1)', 'smb://host/share', 'app://evil/index.html']) {
      expect(decideNavigation(url, appOrigins)).toBe('deny');
    }
  });

  it('allows the dev server only when it is listed', () => {
    expect(decideNavigation('http://localhost:5173/#/auth', [appOrigin, 'http://localhost:5173'])).toBe('allow');
    expect(decideNavigation('http://localhost:5173/#/auth', appOrigins)).toBe('open-externally');
  });
});

describe('isHttpUrl', () => {
  it('accepts http and https only, without credentials', () => {
    expect(isHttpUrl('https://resuelve.pr/ayuda')).toBe(true);
    expect(isHttpUrl('mailto:ana@example.com')).toBe(false);
    expect(isHttpUrl('https://user:pass@host.test')).toBe(false);
    expect(isHttpUrl(42)).toBe(false);
    expect(isHttpUrl(`https://x.test/${'a'.repeat(3000)}`)).toBe(false);
  });
});

describe('originOf', () => {
  it('works for the custom app scheme', () => {
    expect(originOf('app://console/index.html')).toBe('app://console');
    expect(originOf('not a url')).toBeNull();
  });
});

describe('buildContentSecurityPolicy', () => {
  const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

  it('allows only own scripts and the api for network access', () => {
    const csp = buildContentSecurityPolicy({ apiOrigin: 'https://api.resuelve.pr' });
    expect(directive(csp, 'default-src')).toBe("default-src 'none'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.resuelve.pr wss://api.resuelve.pr");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('relaxes scripts for the dev server only in development', () => {
    const csp = buildContentSecurityPolicy({ apiOrigin: 'http://localhost:3000', devServerOrigin: 'http://localhost:5173' });
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'unsafe-inline' http://localhost:5173");
    expect(directive(csp, 'connect-src')).toContain('ws://localhost:5173');
  });
});
