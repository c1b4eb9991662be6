import type { Plugin, Server } from '@hapi/hapi';
import hapiPino from 'hapi-pino';

/** Structured logs (pino) carrying the correlation id; secrets redacted. */
export async function registerLogging(server: Server, level: string): Promise<void> {
  await server.register({
    plugin: hapiPino as unknown as Plugin<hapiPino.Options>,
    options: {
      level,
      logRequestStart: false,
      logRequestComplete: (request) => !request.path.startsWith('/assets/'),
      ignorePaths: ['/api/v1/health'],
      getChildBindings: (request) => ({ correlation_id: request.app.correlationId }),
      // One short line a request: method, url, status and time; headers stay out of the logs.
      serializers: {
        req: (req: { method?: string; url?: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
      },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          'payload.password',
          'payload.refresh_token',
          'payload.token',
        ],
        censor: '[redacted]',
      },
    },
  });
}
