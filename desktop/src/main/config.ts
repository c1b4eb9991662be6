/** Where the console finds the api, read and checked once at start (DESIGN.md: config at boot). */
export interface DesktopConfig {
  apiOrigin: string;
}

export const defaultApiOrigin = 'http://localhost:3000';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
  ) {
    super(`${variable} must be an http(s) origin, got "${value}"`);
    this.name = 'ConfigError';
  }
}

/** The origin of an http(s) URL (no path, no trailing slash), or null for anything else. */
export function toHttpOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Credentials in an origin would be sent on every call and leak into logs.
  if (url.username || url.password) return null;
  return url.origin;
}

/**
 * `RESUELVE_API_ORIGIN` at run time wins; then the origin baked in at build time (installers
 * built for a real server); then the local development server.
 */
export function readConfig(
  env: Record<string, string | undefined>,
  buildTimeApiOrigin?: string,
): DesktopConfig {
  const fromEnv = env.RESUELVE_API_ORIGIN?.trim();
  const source = fromEnv ? 'RESUELVE_API_ORIGIN' : 'build-time RESUELVE_API_ORIGIN';
  const raw = fromEnv || buildTimeApiOrigin?.trim() || defaultApiOrigin;
  const apiOrigin = toHttpOrigin(raw);
  if (!apiOrigin) throw new ConfigError(source, raw);
  return { apiOrigin };
}
