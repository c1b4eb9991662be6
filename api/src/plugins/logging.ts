import type { Plugin, Server } from '@hapi/hapi';
import hapiPino from 'hapi-pino';
import type { Config } from '../config.ts';

/** Readable lines for a person at a terminal; otherwise one JSON object a line, for a log collector. */
async function prettyStream(): Promise<NodeJS.WriteStream> {
  const { default: pretty } = await import('pino-pretty');
  // hapi-pino types its stream as a tty's; pino itself takes any writable stream.
  return pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    // The request line already says method, path, status and time; what is left fits on it.
    ignore: 'pid,hostname,req,res,responseTime,created,started,id,uri,address,protocol',
    singleLine: true,
    // Written as they come, so the last lines before an exit are not lost.
    sync: true,
  }) as unknown as NodeJS.WriteStream;
}

/** Logs (pino) carrying the correlation id, secrets redacted, as lines or JSON (config.logFormat). */
export async function registerLogging(server: Server, config: Pick<Config, 'logLevel' | 'logFormat'>): Promise<void> {
  await server.register({
    plugin: hapiPino as unknown as Plugin<hapiPino.Options>,
    options: {
      level: config.logLevel,
      ...(config.logFormat === 'pretty' ? { stream: await prettyStream() } : {}),
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
          // A provider's ATH Business tokens (issue 29): the private one never reaches a log line.
          'payload.private_token',
          'payload.privateToken',
          'payload.auth_token',
        ],
        censor: '[redacted]',
      },
    },
  });
}
