import type { Plugin } from '@hapi/hapi';

export interface SecurityOptions {
  mapTileOrigin: string;
  /** Where stored images load from when they are not served by the api itself (a CDN). */
  imageOrigin?: string | undefined;
  hsts: boolean;
}

/**
 * Content-Security-Policy: the app's own origin, the map tile server and nothing else.
 * hapi's route `security` option adds nosniff, X-Frame-Options, Referrer-Policy and HSTS.
 */
export function contentSecurityPolicy(mapTileOrigin: string, imageOrigin?: string): string {
  const tiles = new URL(mapTileOrigin);
  const images = imageOrigin ? ` ${new URL(imageOrigin).origin}` : '';
  // Tile servers are often sharded (a.tile..., b.tile...): allow its subdomains too.
  const tileSources = `${tiles.origin} ${tiles.protocol}//*.${tiles.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileSources}${images}`,
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "media-src 'self' blob:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

export const securityPlugin: Plugin<SecurityOptions> = {
  name: 'security',
  register(server, options) {
    const csp = contentSecurityPolicy(options.mapTileOrigin, options.imageOrigin);
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      const headers: Record<string, string> = {
        'Content-Security-Policy': csp,
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
      };
      if (response && 'isBoom' in response && response.isBoom) {
        Object.assign(response.output.headers, headers);
      } else if (response && 'header' in response) {
        for (const [name, value] of Object.entries(headers)) response.header(name, value);
      }
      return h.continue;
    });
  },
};
