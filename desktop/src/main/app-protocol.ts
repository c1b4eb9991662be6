import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { appHost, appScheme } from './security.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The file under `rendererRoot` an `app://console/...` request names, or null when the request is
 * for another host, another scheme, or a path that climbs out of the folder.
 */
export function resolveAppAssetPath(rendererRoot: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${appScheme}:` || url.host !== appHost) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const wanted = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = resolve(rendererRoot);
  const file = resolve(root, wanted);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
  return file;
}

export interface AppProtocolOptions {
  rendererRoot: string;
  contentSecurityPolicy: string;
  read?: (file: string) => Promise<Buffer>;
}

/** Serves the bundled renderer over `app://console/`, every answer carrying the CSP. */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const read = options.read ?? ((file: string) => readFile(file));
  return async (request) => {
    const file = resolveAppAssetPath(options.rendererRoot, request.url);
    if (!file || request.method !== 'GET') return new Response(null, { status: 404 });
    let content: Buffer;
    try {
      content = await read(file);
    } catch {
      return new Response(null, { status: 404 });
    }
    return new Response(new Uint8Array(content), {
      status: 200,
      headers: {
        'Content-Type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Security-Policy': options.contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
        // Files change only with a new build; no stale copy should outlive an update.
        'Cache-Control': 'no-cache',
      },
    });
  };
}
