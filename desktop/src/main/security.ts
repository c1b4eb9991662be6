/**
 * The console's own origin. A privileged standard scheme gives the renderer a real origin (so
 * `'self'` in the CSP and the sender checks mean something) where `file://` would not.
 */
export const appScheme = 'app';
export const appHost = 'console';
export const appOrigin = `${appScheme}://${appHost}`;
export const appEntryUrl = `${appOrigin}/index.html`;

/** `scheme://host[:port]` of a URL; unlike `URL.origin` this also works for custom schemes. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (!url.host) return null;
    return `${url.protocol}//${url.host}`;
  } catch {
    return null;
  }
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const { protocol, username, password } = new URL(value);
    return (protocol === 'http:' || protocol === 'https:') && !username && !password;
  } catch {
    return false;
  }
}

export type NavigationDecision = 'allow' | 'open-externally' | 'deny';

/**
 * What to do when the renderer tries to go to `url`: stay for the app's own pages, hand http(s)
 * links to the system browser, refuse everything else (file:, javascript:, other schemes).
 */
export function decideNavigation(url: string, appOrigins: readonly string[]): NavigationDecision {
  const origin = originOf(url);
  if (origin !== null && appOrigins.includes(origin)) return 'allow';
  return isHttpUrl(url) ? 'open-externally' : 'deny';
}

export interface CspOptions {
  apiOrigin: string;
  /** The Vite dev server, whose hot reload needs an inline preamble and a WebSocket. */
  devServerOrigin?: string | null;
}

/**
 * The renderer's Content-Security-Policy: its own code only, and network access to the api.
 * Styles allow inline because the toast library injects a <style> element at run time.
 */
export function buildContentSecurityPolicy({ apiOrigin, devServerOrigin }: CspOptions): string {
  const apiSocket = apiOrigin.replace(/^http/, 'ws');
  const devSocket = devServerOrigin ? devServerOrigin.replace(/^http/, 'ws') : null;
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...(devServerOrigin ? ["'unsafe-inline'", devServerOrigin] : [])],
    'style-src': ["'self'", "'unsafe-inline'", ...(devServerOrigin ? [devServerOrigin] : [])],
    'img-src': ["'self'", 'data:', 'blob:', apiOrigin],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", apiOrigin, apiSocket, ...(devServerOrigin && devSocket ? [devServerOrigin, devSocket] : [])],
    'media-src': ["'self'", apiOrigin],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}
