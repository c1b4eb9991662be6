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
